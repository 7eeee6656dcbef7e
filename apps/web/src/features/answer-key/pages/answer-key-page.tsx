import {
  ANSWER_KEY_MESSAGES,
  parseAnswerKeyList,
  type AnswerKeyChange,
  plural,
  countLabel,
} from '@gabarita/shared';
import { ArrowLeftRight, CheckCheck, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { errorMessage } from '@/lib/api-client';
import { examShortTitle } from '@/domain/catalog/catalog-text';
import { useApplyAnswerKey, useChosenExam, usePreviewAnswerKey } from '../api/answer-key-api';
import { effectText, keyLabel } from '../answer-key-text';
import { AffectedTable } from '../components/affected-table';
import { ExamPicker } from '../components/exam-picker';

const EXAM_LOAD_FAILED = 'Não foi possível carregar a prova. Tente novamente.';
const PREVIEW_FAILED = 'Não foi possível calcular quem é afetado. Tente novamente.';
const APPLY_FAILED = 'Não foi possível aplicar o gabarito. Tente novamente.';
/** The most changes one request takes (answerKeyRequestSchema). */
const MAX_CHANGES = 300;

const HEADING_CLASSES = 'text-lg font-semibold text-ink focus-visible:outline-none';

/** Moves the focus to a heading once its section has something new, so the keyboard lands on it. */
function useFocusWhen(trigger: unknown) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (trigger) ref.current?.focus();
  }, [trigger]);
  return ref;
}

function ChosenExam({ examId, onChange }: { examId: string; onChange: () => void }) {
  const exam = useChosenExam(examId);
  const data = exam.data?.exam;
  return (
    <Card as="section" aria-labelledby="prova-titulo">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="prova-titulo" className={HEADING_CLASSES}>
            Prova
          </h2>
          {data && (
            <>
              <p className="mt-1 font-medium text-ink">{examShortTitle(data)}</p>
              <p className="mt-0.5 text-sm text-ink-muted">
                {data.orgao && `${data.orgao} · `}
                {countLabel(data.questionCount + data.annulledCount, 'questão', 'questões')}
                {data.annulledCount > 0 &&
                  ` (${countLabel(data.annulledCount, 'anulada', 'anuladas')})`}
              </p>
            </>
          )}
          <p className="mt-1 break-all font-mono text-xs text-ink-muted">{examId}</p>
          {exam.isPending && (
            <p role="status" className="mt-2 text-sm text-ink-muted">
              Carregando a prova...
            </p>
          )}
          {exam.isError && (
            <Notice tone="error" className="mt-3">
              {errorMessage(exam.error, EXAM_LOAD_FAILED)}
            </Notice>
          )}
        </div>
        <Button
          variant="secondary"
          icon={ArrowLeftRight}
          onClick={onChange}
          className="w-full sm:w-auto"
        >
          Trocar prova
        </Button>
      </div>
    </Card>
  );
}

/** The list's unreadable lines, grouped by what is wrong with them. */
function UnreadableLines({
  id,
  problems,
}: {
  id: string;
  problems: { line: string; message: string }[];
}) {
  const byMessage = new Map<string, string[]>();
  for (const { line, message } of problems) {
    byMessage.set(message, [...(byMessage.get(message) ?? []), line]);
  }
  return (
    <div
      id={id}
      className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-200"
    >
      {[...byMessage].map(([message, lines]) => (
        <div key={message}>
          <p className="font-medium">
            {plural(lines.length, 'Linha não entendida', 'Linhas não entendidas')}: {message}.
          </p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {lines.map((line, index) => (
              <li key={index}>
                <code className="rounded bg-surface px-1.5 py-0.5 font-mono text-xs text-ink">
                  {line}
                </code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function feedbackText(text: string, changes: number, problems: number): string {
  if (text.trim() === '') return 'Nenhuma mudança digitada.';
  const read =
    changes === 0 ? 'Nenhuma mudança lida' : countLabel(changes, 'mudança lida', 'mudanças lidas');
  const unreadable =
    problems > 0 ? `; ${countLabel(problems, 'linha não entendida', 'linhas não entendidas')}` : '';
  const tooMany = changes > MAX_CHANGES ? `; no máximo ${MAX_CHANGES} por vez` : '';
  return `${read}${unreadable}${tooMany}.`;
}

/** The list, whom it affects, and applying it, for one exam (mounted per exam: it starts clean). */
function ExamAnswerKey({ examId }: { examId: string }) {
  const [text, setText] = useState('');
  const parsed = useMemo(() => parseAnswerKeyList(text), [text]);
  const preview = usePreviewAnswerKey(examId);
  const apply = useApplyAnswerKey(examId);
  const [previewed, setPreviewed] = useState<{ text: string; changes: AnswerKeyChange[] } | null>(
    null,
  );
  const [confirming, setConfirming] = useState(false);
  const feedbackId = useId();
  const problemsId = useId();
  const previewHeadingRef = useFocusWhen(preview.data ?? preview.error);
  const resultHeadingRef = useFocusWhen(apply.data);

  const { changes, problems } = parsed;
  const canPreview = changes.length > 0 && changes.length <= MAX_CHANGES && problems.length === 0;

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!canPreview || preview.isPending) return;
    apply.reset();
    setPreviewed({ text, changes });
    preview.mutate(changes);
  };

  const confirmApply = () => {
    if (!previewed) return;
    apply.mutate(previewed.changes, {
      onSuccess: () => {
        setConfirming(false);
        setText('');
        setPreviewed(null);
        preview.reset();
      },
    });
  };

  const data = preview.data;
  const outdated = previewed !== null && previewed.text !== text;
  const withProblems = data?.lines.some((line) => line.problem !== null) ?? false;
  const result = apply.data;

  return (
    <>
      <Card as="section" aria-labelledby="lista-titulo" className="mt-6">
        <h2 id="lista-titulo" className={HEADING_CLASSES}>
          Mudanças do gabarito
        </h2>
        <form onSubmit={showPreview} noValidate className="mt-4">
          <TextAreaField
            label="Lista de mudanças"
            description='Uma questão por linha: o número e a nova letra, ou "anulada". Por exemplo "12 C" e "15 anulada". Uma lista colada com vírgulas também serve.'
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={6}
            spellCheck={false}
            autoComplete="off"
            textareaClassName="font-mono"
            invalid={problems.length > 0}
            describedBy={[feedbackId, problems.length > 0 && problemsId]}
          />
          <p id={feedbackId} aria-live="polite" className="mt-2 text-sm font-medium text-ink">
            {feedbackText(text, changes.length, problems.length)}
          </p>
          {changes.length > 0 && (
            <ul aria-label="Mudanças lidas" className="mt-2 flex flex-wrap gap-1.5">
              {changes.map((change, index) => (
                <li
                  key={index}
                  className="rounded-md border border-line bg-surface-muted/60 px-2 py-0.5 text-xs tabular-nums text-ink"
                >
                  {change.number} → {keyLabel(change.key)}
                </li>
              ))}
            </ul>
          )}
          {problems.length > 0 && <UnreadableLines id={problemsId} problems={problems} />}
          <Button
            type="submit"
            icon={Users}
            busy={preview.isPending}
            disabled={!canPreview}
            className="mt-5 w-full sm:w-auto"
          >
            {preview.isPending ? 'Calculando...' : 'Ver quem é afetado'}
          </Button>
        </form>
      </Card>

      {(data || preview.isError) && (
        <Card as="section" aria-labelledby="afetados-titulo" className="mt-6">
          <h2
            id="afetados-titulo"
            ref={previewHeadingRef}
            tabIndex={-1}
            className={HEADING_CLASSES}
          >
            Quem é afetado
          </h2>
          {preview.isError && (
            <Notice tone="error" className="mt-3">
              {errorMessage(preview.error, PREVIEW_FAILED)}
            </Notice>
          )}
          {data && (
            <>
              <p className="mt-1 text-sm text-ink-muted">{data.examLabel}</p>
              {outdated && (
                <Notice tone="info" className="mt-3">
                  A lista mudou depois desta prévia: veja de novo quem é afetado antes de aplicar.
                </Notice>
              )}
              {withProblems && (
                <Notice tone="warning" className="mt-3">
                  {ANSWER_KEY_MESSAGES.hasProblems}
                </Notice>
              )}
              <p className="mt-3 text-sm leading-6 text-ink">{effectText(data, 'before')}</p>
              <div className="mt-4">
                <AffectedTable lines={data.lines} caption="Quem é afetado, por questão" />
              </div>
              {!withProblems && !outdated && (
                <Button
                  icon={CheckCheck}
                  onClick={() => {
                    apply.reset();
                    setConfirming(true);
                  }}
                  className="mt-5 w-full sm:w-auto"
                >
                  Aplicar gabarito definitivo
                </Button>
              )}
              <ConfirmDialog
                open={confirming}
                title="Aplicar o gabarito definitivo?"
                description={
                  <>
                    <span className="block font-medium text-ink">{data.examLabel}</span>
                    {effectText(data, 'before')} As respostas já dadas são recalculadas na hora;
                    para desfazer, será preciso aplicar outro gabarito.
                  </>
                }
                confirmLabel="Aplicar gabarito"
                busyLabel="Aplicando..."
                busy={apply.isPending}
                error={apply.isError ? errorMessage(apply.error, APPLY_FAILED) : null}
                onConfirm={confirmApply}
                onCancel={() => setConfirming(false)}
                finalFocusRef={resultHeadingRef}
              />
            </>
          )}
        </Card>
      )}

      {result && (
        <Card as="section" aria-labelledby="resultado-titulo" className="mt-6">
          <h2
            id="resultado-titulo"
            ref={resultHeadingRef}
            tabIndex={-1}
            className={HEADING_CLASSES}
          >
            Gabarito aplicado
          </h2>
          {result.applied ? (
            <Notice tone="success" className="mt-3">
              Gabarito definitivo aplicado em {result.examLabel}. {effectText(result, 'after')}
            </Notice>
          ) : (
            <Notice tone="warning" className="mt-3">
              O gabarito de {result.examLabel} não foi aplicado: nada foi alterado.
            </Notice>
          )}
          <div className="mt-4">
            <AffectedTable lines={result.lines} caption="Mudanças aplicadas, por questão" />
          </div>
        </Card>
      )}
    </>
  );
}

/**
 * 'Gabarito definitivo' (docs/product-rules.md, "Definitive answer key"): the board's changes to
 * one exam's key, typed or pasted as a list, who they affect, then applying them. The exam lives
 * in the address (?prova=), so a link from the question editor lands on it.
 */
export default function AnswerKeyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const examId = searchParams.get('prova')?.trim() ?? '';
  const choose = (id: string) =>
    setSearchParams(id ? new URLSearchParams({ prova: id }) : new URLSearchParams());

  return (
    <Page
      title="Gabarito definitivo"
      description="Aplique as mudanças do gabarito definitivo publicado pela banca: as respostas já dadas, o caderno de erros e os simulados são recalculados, e cada estudante afetado recebe um aviso."
    >
      {examId ? (
        <>
          <ChosenExam examId={examId} onChange={() => choose('')} />
          <ExamAnswerKey key={examId} examId={examId} />
        </>
      ) : (
        <Card as="section" aria-labelledby="prova-titulo">
          <h2 id="prova-titulo" className={`${HEADING_CLASSES} mb-4`}>
            Escolha a prova
          </h2>
          <ExamPicker onOpen={choose} />
        </Card>
      )}
    </Page>
  );
}
