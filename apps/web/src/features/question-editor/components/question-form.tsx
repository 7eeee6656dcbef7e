import {
  QUESTION_EDITOR_MESSAGES,
  type Figure,
  type QuestionEditing,
  type QuestionSnapshot,
} from '@gabarita/shared';
import { MessageSquarePlus, Plus, RotateCw, Save, Trash2 } from 'lucide-react';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { INPUT_CLASSES } from '@/components/ui/field-styles';
import { FormField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { ApiError, errorMessage } from '@/lib/api-client';
import { answerKeyPath } from '@/domain/editorial/editorial-links';
import {
  draftOf,
  emptyComment,
  fieldId,
  fieldKeys,
  fieldLabel,
  GROUND_TYPES,
  isAnnulled,
  newGroundId,
  placeErrors,
  snapshotOf,
  type AlternativeDraft,
  type CommentDraft,
  type GroundDraft,
  type QuestionDraft,
} from '../editor-draft';
import { HtmlField } from './html-field';

const SAVE_FAILED = 'Não foi possível salvar a questão. Tente novamente.';

const HEADING_CLASSES = 'text-lg font-semibold text-ink';
const SUBHEADING_CLASSES = 'text-sm font-semibold text-ink';
const FIELD_ERROR_CLASSES = 'mt-1.5 text-sm font-medium text-red-700 dark:text-red-400';

/** The definitive key's page for this exam: the key and the annulment change there. */

/** The text of an HTML fragment, for the short excerpt of a reference text. */
function excerptOf(html: string, length = 90): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="mt-6">
      <h2 id={id} className={`${HEADING_CLASSES} mb-4`}>
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** A problem of a group of fields (the alternatives, the comment's reasons...). */
function GroupError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={FIELD_ERROR_CLASSES}>
      {message}
    </p>
  );
}

function AlternativeField({
  alternative,
  index,
  error,
  figures,
  onChange,
}: {
  alternative: AlternativeDraft;
  index: number;
  error: string | undefined;
  figures: readonly Figure[];
  onChange: (alternative: AlternativeDraft) => void;
}) {
  const id = fieldId(`Alternativas[${index}]`);
  const { letter } = alternative;
  switch (alternative.kind) {
    case 'plain':
    case 'text':
      return (
        <TextAreaField
          id={id}
          label={`Alternativa ${letter}`}
          value={alternative.text}
          onChange={(event) => onChange({ ...alternative, text: event.target.value })}
          rows={2}
          error={error}
        />
      );
    case 'html':
      return (
        <HtmlField
          id={id}
          label={`Alternativa ${letter} (HTML)`}
          value={alternative.html}
          onChange={(html) => onChange({ ...alternative, html })}
          previewLabel={`Pré-visualização da alternativa ${letter}`}
          rows={3}
          error={error}
          figures={figures}
        />
      );
    case 'image': {
      const figure = figures.find((each) => each.assetId === alternative.image);
      return (
        <div className="rounded-lg border border-line px-3 py-3">
          <p className={SUBHEADING_CLASSES}>Alternativa {letter}: imagem</p>
          <p className="mt-0.5 break-all font-mono text-xs text-ink-muted">{alternative.image}</p>
          {figure && (
            <img
              src={figure.url}
              alt={alternative.description}
              className="mt-2 max-h-40 w-auto max-w-full rounded border border-line bg-white"
            />
          )}
          <TextAreaField
            id={id}
            label={`Descrição da imagem da alternativa ${letter}`}
            value={alternative.description}
            onChange={(event) => onChange({ ...alternative, description: event.target.value })}
            rows={2}
            error={error}
            description="O texto alternativo da figura, lido por leitores de tela. A imagem muda pela importação."
            className="mt-3"
          />
        </div>
      );
    }
  }
}

function GroundFields({
  ground,
  index,
  errors,
  onChange,
  onRemove,
}: {
  ground: GroundDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (ground: GroundDraft) => void;
  onRemove: () => void;
}) {
  const key = `comentario.fundamento[${index}]`;
  const number = index + 1;
  return (
    <li className="rounded-lg border border-line px-3 py-3">
      <div className="flex items-center justify-between gap-2">
        <p className={SUBHEADING_CLASSES}>Fundamento {number}</p>
        <Button variant="ghost" size="sm" icon={Trash2} onClick={onRemove}>
          Remover <span className="sr-only">o fundamento {number}</span>
        </Button>
      </div>
      <GroupError message={errors[key]} />
      <div className="mt-2 grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <FormField label="Tipo" id={fieldId(`${key}.tipo`)} error={errors[`${key}.tipo`]}>
          {(wiring) => (
            <select
              value={ground.tipo}
              onChange={(event) => onChange({ ...ground, tipo: event.target.value })}
              className={INPUT_CLASSES}
              {...wiring}
            >
              {!GROUND_TYPES.some(([value]) => value === ground.tipo) && (
                <option value={ground.tipo}>{ground.tipo}</option>
              )}
              {GROUND_TYPES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          id={fieldId(`${key}.referencia`)}
          label="Referência"
          value={ground.referencia}
          onChange={(event) => onChange({ ...ground, referencia: event.target.value })}
          error={errors[`${key}.referencia`]}
          className="min-w-0"
        />
        <TextField
          id={fieldId(`${key}.url`)}
          label="Endereço (opcional)"
          type="url"
          inputMode="url"
          value={ground.url}
          onChange={(event) => onChange({ ...ground, url: event.target.value })}
          error={errors[`${key}.url`]}
          className="min-w-0 sm:col-span-2"
        />
      </div>
    </li>
  );
}

function CommentFields({
  comment,
  letters,
  errors,
  onChange,
}: {
  comment: CommentDraft;
  letters: string[];
  errors: Record<string, string>;
  onChange: (comment: CommentDraft) => void;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNew = useRef(false);
  const lastGround = comment.grounds.length - 1;

  useEffect(() => {
    if (!focusNew.current) return;
    focusNew.current = false;
    document.getElementById(fieldId(`comentario.fundamento[${lastGround}].tipo`))?.focus();
  }, [lastGround]);

  const setReason = (key: string, text: string) =>
    onChange({
      ...comment,
      reasons: comment.reasons.map((reason) => (reason.key === key ? { key, text } : reason)),
    });

  return (
    <div className="space-y-6">
      <GroupError message={errors.comentario} />
      <TextAreaField
        id={fieldId('comentario.resumo')}
        label="Resumo"
        description="Uma ou duas frases (até 600 caracteres): o que a questão cobra e a resposta. Aceita HTML de formatação."
        value={comment.resumo}
        onChange={(event) => onChange({ ...comment, resumo: event.target.value })}
        rows={3}
        error={errors['comentario.resumo']}
      />

      <fieldset className="min-w-0" id={fieldId('comentario.alternativas')} tabIndex={-1}>
        <legend className={`${SUBHEADING_CLASSES} mb-1`}>Por que cada alternativa</legend>
        <p className="mb-3 text-xs text-ink-muted">
          Uma razão por letra, sem repetir a letra nem o veredito (o app mostra os dois).
        </p>
        <GroupError message={errors['comentario.alternativas']} />
        <div className="space-y-3">
          {comment.reasons.map(({ key, text }) => (
            <div key={key}>
              <TextAreaField
                id={fieldId(`comentario.alternativas.${key}`)}
                label={`Comentário da alternativa ${key}`}
                value={text}
                onChange={(event) => setReason(key, event.target.value)}
                rows={2}
                error={errors[`comentario.alternativas.${key}`]}
              />
              {!letters.includes(key) && (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={Trash2}
                  onClick={() =>
                    onChange({
                      ...comment,
                      reasons: comment.reasons.filter((reason) => reason.key !== key),
                    })
                  }
                  className="mt-1"
                >
                  Remover a razão da letra {key}, que a questão não tem
                </Button>
              )}
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="min-w-0" id={fieldId('comentario.fundamento')} tabIndex={-1}>
        <legend className={`${SUBHEADING_CLASSES} mb-1`}>Fundamentos</legend>
        <p className="mb-3 text-xs text-ink-muted">
          Leis, súmulas, jurisprudência ou doutrina em que a resposta se apoia (opcional).
        </p>
        <GroupError message={errors['comentario.fundamento']} />
        {comment.grounds.length > 0 && (
          <ul className="mb-3 space-y-3">
            {comment.grounds.map((ground, index) => (
              <GroundFields
                key={ground.id}
                ground={ground}
                index={index}
                errors={errors}
                onChange={(changed) =>
                  onChange({
                    ...comment,
                    grounds: comment.grounds.map((each) =>
                      each.id === ground.id ? changed : each,
                    ),
                  })
                }
                onRemove={() => {
                  onChange({
                    ...comment,
                    grounds: comment.grounds.filter((each) => each.id !== ground.id),
                  });
                  addRef.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
        <Button
          ref={addRef}
          variant="secondary"
          size="sm"
          icon={Plus}
          onClick={() => {
            focusNew.current = true;
            onChange({
              ...comment,
              grounds: [
                ...comment.grounds,
                { id: newGroundId(), tipo: 'lei', referencia: '', url: '' },
              ],
            });
          }}
        >
          Adicionar fundamento
        </Button>
      </fieldset>

      <fieldset className="min-w-0" id={fieldId('comentario.autoria')} tabIndex={-1}>
        <legend className={`${SUBHEADING_CLASSES} mb-3`}>Autoria (opcional)</legend>
        <GroupError message={errors['comentario.autoria']} />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            id={fieldId('comentario.autoria.nome')}
            label="Nome"
            value={comment.author}
            onChange={(event) => onChange({ ...comment, author: event.target.value })}
            error={errors['comentario.autoria.nome']}
            autoComplete="off"
            className="min-w-0"
          />
          <TextField
            id={fieldId('comentario.autoria.revisado_em')}
            label="Revisado em"
            type="date"
            value={comment.reviewedOn}
            onChange={(event) => onChange({ ...comment, reviewedOn: event.target.value })}
            error={errors['comentario.autoria.revisado_em']}
          />
        </div>
      </fieldset>
    </div>
  );
}

/** The outcome of the last save: its message, the problems by field, or the way out. */
function SaveOutcome({
  error,
  savedMessage,
  draft,
  placed,
  examId,
  onReload,
}: {
  error: unknown;
  savedMessage: string | undefined;
  draft: QuestionDraft;
  placed: ReturnType<typeof placeErrors>;
  examId: string;
  onReload: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A failed save moves the focus to its explanation (the problems link to their fields).
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);

  const goTo = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    const target = document.getElementById(fieldId(key));
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'center' });
  };

  if (!error) {
    return savedMessage ? (
      <Notice tone="success" className="mt-6">
        {savedMessage}
      </Notice>
    ) : null;
  }
  const code = error instanceof ApiError ? error.code : '';
  const placedEntries = Object.entries(placed.byField);
  return (
    <div ref={ref} tabIndex={-1} className="mt-6 focus-visible:outline-none">
      <Notice tone="error">
        <p className="font-medium">{errorMessage(error, SAVE_FAILED)}</p>
        {code === 'editor/invalid' && (placedEntries.length > 0 || placed.unplaced.length > 0) && (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {placedEntries.map(([key, message]) => (
              <li key={key}>
                <a
                  href={`#${fieldId(key)}`}
                  onClick={(event) => goTo(event, key)}
                  className="font-semibold underline underline-offset-2 hover:no-underline"
                >
                  {fieldLabel(key, draft)}
                </a>
                : {message}
              </li>
            ))}
            {placed.unplaced.map(([path, message]) => (
              <li key={path}>
                <code className="font-mono text-xs">{path}</code>: {message}
              </li>
            ))}
          </ul>
        )}
        {code === 'editor/key-change' && (
          <Link
            to={answerKeyPath(examId)}
            className="mt-1 inline-block font-semibold underline underline-offset-2 hover:no-underline"
          >
            Abrir o Gabarito definitivo desta prova
          </Link>
        )}
        {code === 'editor/stale' && (
          <Button variant="secondary" size="sm" icon={RotateCw} onClick={onReload} className="mt-2">
            Recarregar
          </Button>
        )}
      </Notice>
    </div>
  );
}

interface QuestionFormProps {
  editing: QuestionEditing;
  /** The question's images, for the previews. */
  figures: readonly Figure[];
  saving: boolean;
  onSave: (snapshot: QuestionSnapshot) => void;
  /** The last save's failure, if any. */
  saveError: unknown;
  savedMessage: string | undefined;
  onReload: () => void;
}

/**
 * The question's content as the editor changes it (docs/product-rules.md, "Question versions"):
 * statement, alternatives, state, discipline and subject, reference texts and comment. The key and
 * the annulment are shown, not edited: they change through the definitive key. Mounted per loaded
 * version, so the form starts from what the server holds.
 */
export function QuestionForm({
  editing,
  figures,
  saving,
  onSave,
  saveError,
  savedMessage,
  onReload,
}: QuestionFormProps) {
  const original = editing.snapshot;
  const [draft, setDraft] = useState(() => draftOf(original));
  const initialJson = useMemo(
    () => JSON.stringify(snapshotOf(original, draftOf(original))),
    [original],
  );
  const dirty = JSON.stringify(snapshotOf(original, draft)) !== initialJson;
  const annulled = isAnnulled(original);
  const letters = draft.alternatives.map((alternative) => alternative.letter);
  const includeCommentRef = useRef<HTMLButtonElement>(null);
  const focusInclude = useRef(false);

  const fields = saveError instanceof ApiError ? saveError.fields : {};
  const placed = placeErrors(fields, fieldKeys(draft));
  const errors = placed.byField;

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Removing the comment: the button that brings it back takes the focus.
  useEffect(() => {
    if (!focusInclude.current || draft.comment) return;
    focusInclude.current = false;
    includeCommentRef.current?.focus();
  }, [draft.comment]);

  const update = (patch: Partial<QuestionDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const examKeys = Object.keys(editing.examTexts);
  const textKeys = [...examKeys, ...draft.references.filter((key) => !examKeys.includes(key))];
  // Each text's opening, to tell them apart in the checklist (as the exam has it).
  const excerpts = useMemo(
    () =>
      new Map(
        Object.entries({ ...original.textos, ...editing.examTexts }).map(([key, html]) => [
          key,
          excerptOf(html),
        ]),
      ),
    [original, editing.examTexts],
  );
  const toggleText = (key: string, used: boolean) =>
    setDraft((current) => ({
      ...current,
      references: used
        ? [...current.references, key]
        : current.references.filter((each) => each !== key),
      texts:
        used && current.texts[key] === undefined
          ? { ...current.texts, [key]: editing.examTexts[key] ?? '' }
          : current.texts,
    }));

  const disciplineKnown = editing.disciplines.some(({ code }) => code === draft.discipline);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    onSave(snapshotOf(original, draft));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Conteúdo da questão">
      <FormSection id="secao-enunciado" title="Enunciado">
        <HtmlField
          id={fieldId('questao')}
          label="Enunciado (HTML)"
          description='Parágrafos, negrito, listas, tabelas, fórmulas e figuras (<figura imagem="…" alt="…"></figura>).'
          value={draft.statement}
          onChange={(statement) => update({ statement })}
          previewLabel="Pré-visualização do enunciado"
          rows={10}
          error={errors.questao}
          figures={figures}
        />
        {draft.imageDescription !== null && original.img && (
          <TextAreaField
            id={fieldId('img')}
            label="Descrição da imagem da questão"
            description={`A imagem ${original.img[0]}, mostrada depois do enunciado.`}
            value={draft.imageDescription}
            onChange={(event) => update({ imageDescription: event.target.value })}
            rows={2}
            error={errors.img}
            className="mt-4"
          />
        )}
      </FormSection>

      <FormSection id="secao-alternativas" title="Alternativas">
        <div id={fieldId('Alternativas')} tabIndex={-1} className="focus-visible:outline-none">
          <GroupError message={errors.Alternativas} />
        </div>
        <div className="space-y-4">
          {draft.alternatives.map((alternative, index) => (
            <AlternativeField
              key={index}
              alternative={alternative}
              index={index}
              error={errors[`Alternativas[${index}]`]}
              figures={figures}
              onChange={(changed) =>
                update({
                  alternatives: draft.alternatives.map((each, at) =>
                    at === index ? changed : each,
                  ),
                })
              }
            />
          ))}
        </div>
      </FormSection>

      <FormSection id="secao-gabarito" title="Gabarito e situação">
        <div className="grid gap-4 sm:grid-cols-2">
          <div id={fieldId('gabarito')} tabIndex={-1} className="focus-visible:outline-none">
            <p className="mb-1.5 block text-sm font-medium text-ink">Gabarito</p>
            <p className="flex h-11 items-center rounded-lg border border-line bg-surface-muted px-3 text-sm font-semibold text-ink">
              {annulled ? 'Anulada' : original.gabarito || '—'}
            </p>
            <GroupError message={errors.gabarito} />
          </div>
          {annulled ? (
            <div id={fieldId('situacao')} tabIndex={-1} className="focus-visible:outline-none">
              <p className="mb-1.5 block text-sm font-medium text-ink">Situação</p>
              <p className="flex h-11 items-center rounded-lg border border-line bg-surface-muted px-3 text-sm font-semibold text-ink">
                Anulada
              </p>
              <GroupError message={errors.situacao} />
            </div>
          ) : (
            <FormField label="Situação" id={fieldId('situacao')} error={errors.situacao}>
              {(wiring) => (
                <select
                  value={draft.outdated ? 'desatualizada' : 'regular'}
                  onChange={(event) => update({ outdated: event.target.value === 'desatualizada' })}
                  className={INPUT_CLASSES}
                  {...wiring}
                >
                  <option value="regular">Regular</option>
                  <option value="desatualizada">Desatualizada</option>
                </select>
              )}
            </FormField>
          )}
        </div>
        <p className="mt-3 text-sm leading-6 text-ink-muted">
          {QUESTION_EDITOR_MESSAGES.keyChange}{' '}
          <Link
            to={answerKeyPath(editing.examId)}
            className="font-medium text-primary-ink underline underline-offset-2 hover:no-underline"
          >
            Abrir o Gabarito definitivo desta prova
          </Link>
        </p>
        {(annulled || draft.outdated) && (
          <TextAreaField
            id={fieldId('nota')}
            label="Nota da situação"
            description={
              annulled
                ? 'Opcional: por que a banca anulou a questão.'
                : 'Obrigatória: o que mudou, por exemplo "Lei 13.415/2017 alterou o art. 36 da LDB".'
            }
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
            rows={2}
            error={errors.nota}
            className="mt-4"
          />
        )}
      </FormSection>

      <FormSection id="secao-classificacao" title="Disciplina e assunto">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Disciplina" id={fieldId('disciplina')} error={errors.disciplina}>
            {(wiring) => (
              <select
                value={draft.discipline}
                onChange={(event) => update({ discipline: event.target.value })}
                className={INPUT_CLASSES}
                {...wiring}
              >
                {!disciplineKnown && <option value={draft.discipline}>{draft.discipline}</option>}
                {editing.disciplines.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            id={fieldId('assunto')}
            label="Assunto"
            value={draft.subject}
            onChange={(event) => update({ subject: event.target.value })}
            error={errors.assunto}
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection id="secao-textos" title="Textos de referência">
        {textKeys.length === 0 ? (
          <p className="text-sm text-ink-muted">Esta prova não tem textos de referência.</p>
        ) : (
          <fieldset
            id={fieldId('referencia')}
            tabIndex={-1}
            className="min-w-0 focus-visible:outline-none"
          >
            <legend className={`${SUBHEADING_CLASSES} mb-2`}>
              Textos da prova usados nesta questão
            </legend>
            <GroupError message={errors.referencia} />
            <ul className="space-y-2">
              {textKeys.map((key) => {
                const used = draft.references.includes(key);
                return (
                  <li key={key}>
                    <label className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2.5 text-sm transition-colors hover:bg-surface-muted has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft motion-reduce:transition-none">
                      <input
                        type="checkbox"
                        checked={used}
                        onChange={(event) => toggleText(key, event.target.checked)}
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                      />
                      <span className="min-w-0">
                        <span className="block break-all font-mono text-xs font-semibold text-ink">
                          {key}
                        </span>
                        <span className="block text-ink-muted">{excerpts.get(key) ?? ''}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        {draft.references.length > 0 && (
          <div className="mt-6 space-y-6">
            {draft.references.map((key) => (
              <HtmlField
                key={key}
                id={fieldId(`textos.${key}`)}
                label={`Texto ${key} (HTML)`}
                description="O texto é da prova: a mudança vale para todas as questões que o usam."
                value={draft.texts[key] ?? ''}
                onChange={(html) => update({ texts: { ...draft.texts, [key]: html } })}
                previewLabel={`Pré-visualização do texto ${key}`}
                rows={8}
                error={errors[`textos.${key}`]}
                figures={figures}
              />
            ))}
          </div>
        )}
      </FormSection>

      <FormSection id="secao-comentario" title="Comentário">
        {draft.comment ? (
          <>
            <CommentFields
              comment={draft.comment}
              letters={letters}
              errors={errors}
              onChange={(comment) => update({ comment })}
            />
            <Button
              variant="ghost"
              size="sm"
              icon={Trash2}
              onClick={() => {
                focusInclude.current = true;
                update({ comment: null });
              }}
              className="mt-6"
            >
              Remover comentário
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-ink-muted">Esta questão não tem comentário.</p>
            <GroupError message={errors.comentario} />
            <Button
              ref={includeCommentRef}
              variant="secondary"
              icon={MessageSquarePlus}
              onClick={() => update({ comment: emptyComment(letters) })}
              className="mt-3"
            >
              Incluir comentário
            </Button>
          </>
        )}
      </FormSection>

      <SaveOutcome
        error={saveError}
        savedMessage={savedMessage}
        draft={draft}
        placed={placed}
        examId={editing.examId}
        onReload={onReload}
      />

      {/* Always within reach at the bottom of the screen while the long form scrolls. */}
      <div className="sticky bottom-0 z-10 mt-6 flex flex-col gap-2 rounded-xl border border-line bg-surface/95 px-4 py-3 shadow-lg shadow-slate-900/10 backdrop-blur sm:flex-row sm:items-center sm:justify-between dark:shadow-black/40">
        <p className="text-sm text-ink-muted">
          {dirty ? 'Há alterações não salvas.' : 'Nenhuma alteração a salvar.'}
        </p>
        <Button type="submit" icon={Save} busy={saving} className="w-full sm:w-auto">
          {saving ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}
