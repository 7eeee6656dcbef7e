import type { ExamOption } from '@gabarita/shared';
import { Check } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { useChooseExamOption } from './exam-option-api';
import { examOptionsLabel } from './catalog-text';

export const OPTION_CHOICE_QUESTION = 'Qual opção você vai fazer?';
export const OPTION_HISTORY_NOTE =
  'Trocar de opção não apaga nada: as respostas que você já deu continuam no seu histórico.';
const CHOICE_REQUIRED = 'Escolha uma das opções para continuar.';
const CHOICE_FAILED = 'Não foi possível salvar a sua opção. Tente novamente.';

interface ExamOptionChoiceProps {
  examId: string;
  options: readonly ExamOption[];
  /** The block chosen before, when changing it; null for the first choice. */
  current: string | null;
  /** The level of the question's heading where the form sits. */
  headingLevel?: 2 | 3;
  /** After the server took the choice (or the same block was confirmed again). */
  onDone?: (chosenOption: string) => void;
  /** Changing: gives up and keeps the current block. */
  onCancel?: () => void;
}

/**
 * The choice of an exam's option block (e.g. the foreign language of the ENEM): a radio group and
 * a confirmation. The exam dashboard asks for it before the questions, simulados before starting;
 * the same form changes it later.
 */
export function ExamOptionChoice({
  examId,
  options,
  current,
  headingLevel = 2,
  onDone,
  onCancel,
}: ExamOptionChoiceProps) {
  const [selected, setSelected] = useState(current ?? '');
  const [missing, setMissing] = useState(false);
  const choose = useChooseExamOption(examId);
  const name = useId();
  const hintId = useId();
  const errorId = useId();
  const firstRadio = useRef<HTMLInputElement>(null);
  const checkedRadio = useRef<HTMLInputElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const changing = current !== null;

  // Changing is asked for with a button: the focus moves into the form it opened.
  useEffect(() => {
    if (changing) checkedRadio.current?.focus();
  }, [changing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setMissing(true);
      firstRadio.current?.focus();
      return;
    }
    if (selected === current) {
      onDone?.(selected);
      return;
    }
    choose.mutate(selected, { onSuccess: ({ chosenOption }) => onDone?.(chosenOption) });
  };

  const others =
    options.length === 2 ? 'da outra opção ficam ocultas' : 'das outras opções ficam ocultas';
  const error = missing
    ? CHOICE_REQUIRED
    : choose.isError
      ? errorMessage(choose.error, CHOICE_FAILED)
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
        <legend className="text-base font-semibold text-ink">
          <Heading>{OPTION_CHOICE_QUESTION}</Heading>
        </legend>
        <div id={hintId} className="mt-1 space-y-1 text-sm leading-6 text-ink-muted">
          <p>
            Esta prova tem questões de opção ({examOptionsLabel(options)}): cada candidato faz só
            uma. As questões {others} para você, e o seu desempenho e os simulados seguem a sua
            escolha.
          </p>
          {changing && <p>{OPTION_HISTORY_NOTE}</p>}
        </div>
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          {options.map((option, index) => (
            <label
              key={option.key}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2.5 text-sm font-medium text-ink hover:bg-surface-muted has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft"
            >
              <input
                ref={(element) => {
                  if (index === 0) firstRadio.current = element;
                  if (option.key === current) checkedRadio.current = element;
                }}
                type="radio"
                name={name}
                value={option.key}
                checked={selected === option.key}
                onChange={() => {
                  setSelected(option.key);
                  setMissing(false);
                }}
                className="size-4 shrink-0 accent-primary"
              />
              {option.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <Notice tone="error" id={errorId} className="mt-4">
          {error}
        </Notice>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button type="submit" icon={Check} busy={choose.isPending}>
          Confirmar opção
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={choose.isPending}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
