import type { QuestionDetail } from '@gabarita/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import { useId, type KeyboardEvent, type Ref } from 'react';

type Alternative = QuestionDetail['alternatives'][number];
/** The result of checking: the group is locked and shows the key. */
export interface CheckedAnswer {
  chosenLetter: string;
  gabarito: string;
  correct: boolean;
}
type Answer = CheckedAnswer;

interface AlternativesGroupProps {
  name: string;
  alternatives: Alternative[];
  selected: string | null;
  onSelect: (letter: string) => void;
  /** Enter on an alternative checks the answer. */
  onSubmit: () => void;
  /** The checked answer: the group is locked and shows the key. */
  answer: Answer | null;
  groupRef?: Ref<HTMLFieldSetElement>;
}

type Look = 'idle' | 'selected' | 'key' | 'wrong' | 'other';

const CARD: Record<Look, string> = {
  idle: 'cursor-pointer border-line bg-surface hover:border-primary/50 hover:bg-surface-muted/60',
  selected: 'cursor-pointer border-primary bg-primary-soft ring-1 ring-primary',
  key: 'border-emerald-500 bg-emerald-50 ring-1 ring-emerald-500 dark:border-emerald-500/80 dark:bg-emerald-950/40',
  wrong: 'border-red-500 bg-red-50 ring-1 ring-red-500 dark:border-red-500/80 dark:bg-red-950/40',
  other: 'border-line bg-surface opacity-70',
};

const BADGE: Record<Look, string> = {
  idle: 'border-line bg-surface text-ink-muted group-hover:border-primary/50 group-hover:text-primary-ink',
  selected: 'border-primary bg-primary text-on-primary',
  key: 'border-emerald-600 bg-emerald-600 text-white',
  wrong: 'border-red-600 bg-red-600 text-white',
  other: 'border-line bg-surface-muted text-ink-muted',
};

function lookOf(letter: string, selected: string | null, answer: Answer | null): Look {
  if (answer) {
    if (letter === answer.gabarito) return 'key';
    if (letter === answer.chosenLetter) return 'wrong';
    return 'other';
  }
  return letter === selected ? 'selected' : 'idle';
}

/** A real radio group: arrows move between alternatives (native), Enter checks. */
export function AlternativesGroup({
  name,
  alternatives,
  selected,
  onSelect,
  onSubmit,
  answer,
  groupRef,
}: AlternativesGroupProps) {
  const locked = answer !== null;
  const legendId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Enter') return;
    if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'radio') return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <fieldset
      ref={groupRef}
      role="radiogroup"
      aria-labelledby={legendId}
      onKeyDown={onKeyDown}
      className="min-w-0"
    >
      <legend id={legendId} className="mb-3 text-sm font-semibold text-ink">
        Alternativas
      </legend>
      <div className="space-y-2.5">
        {alternatives.map(({ letter, text }) => {
          const look = lookOf(letter, selected, answer);
          return (
            <label
              key={letter}
              className={`group relative flex items-start gap-3 rounded-xl border px-3 py-3 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring sm:px-4 motion-reduce:transition-none ${CARD[look]}`}
            >
              <input
                type="radio"
                name={name}
                value={letter}
                checked={selected === letter}
                disabled={locked}
                onChange={() => onSelect(letter)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={`flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-bold transition-colors motion-reduce:transition-none ${BADGE[look]}`}
              >
                {letter}
              </span>
              <span className="min-w-0 flex-1 pt-1 text-[15px] leading-6 text-ink">
                <span className="sr-only">{letter}) </span>
                {text}
                {look === 'key' && (
                  <span className="mt-1 flex items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
                    <CircleCheck className="size-3.5" aria-hidden="true" />
                    Alternativa correta
                  </span>
                )}
                {look === 'wrong' && (
                  <span className="mt-1 flex items-center gap-1 text-xs font-semibold text-red-700 dark:text-red-300">
                    <CircleX className="size-3.5" aria-hidden="true" />
                    Sua resposta
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
