import type { Figure, QuestionDetail } from '@gabarita/shared';
import { CircleCheck, CircleX, Maximize2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FigureImage } from './figure-image';
import { FigureZoomDialog } from './figure-zoom-dialog';
import { RichHtml } from './rich-html';

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
  /** The images image alternatives and formatted alternatives use. */
  figures?: readonly Figure[];
  /** An annulled question: the alternatives can be read, not chosen. */
  disabled?: boolean;
}

type Look = 'idle' | 'selected' | 'key' | 'wrong' | 'other' | 'disabled';

const CARD: Record<Look, string> = {
  idle: 'cursor-pointer border-line bg-surface hover:border-primary/50 hover:bg-surface-muted/60',
  selected: 'cursor-pointer border-primary bg-primary-soft ring-1 ring-primary',
  key: 'border-emerald-500 bg-emerald-50 ring-1 ring-emerald-500 dark:border-emerald-500/80 dark:bg-emerald-950/40',
  wrong: 'border-red-500 bg-red-50 ring-1 ring-red-500 dark:border-red-500/80 dark:bg-red-950/40',
  other: 'border-line bg-surface opacity-70',
  disabled: 'border-line bg-surface-muted/50',
};

const BADGE: Record<Look, string> = {
  idle: 'border-line bg-surface text-ink-muted group-hover:border-primary/50 group-hover:text-primary-ink',
  selected: 'border-primary bg-primary text-on-primary',
  key: 'border-emerald-600 bg-emerald-600 text-white',
  wrong: 'border-red-600 bg-red-600 text-white',
  other: 'border-line bg-surface-muted text-ink-muted',
  disabled: 'border-line bg-surface text-ink-muted',
};

function lookOf(
  letter: string,
  selected: string | null,
  answer: Answer | null,
  disabled: boolean,
): Look {
  if (disabled) return 'disabled';
  if (answer) {
    if (letter === answer.gabarito) return 'key';
    if (letter === answer.chosenLetter) return 'wrong';
    return 'other';
  }
  return letter === selected ? 'selected' : 'idle';
}

function Marks({ look }: { look: Look }) {
  return (
    <>
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
    </>
  );
}

/** What an alternative shows: its text exactly as written, formatted HTML, or its figure. */
function AlternativeContent({
  alternative,
  figures,
}: {
  alternative: Alternative;
  figures: readonly Figure[];
}): ReactNode {
  if (alternative.html !== null) {
    return <RichHtml as="span" html={alternative.html} figures={figures} zoomable={false} />;
  }
  return alternative.text;
}

/**
 * The button that shows an image alternative full screen. Beside the label, not in it: a control
 * may not hold another.
 */
function AlternativeZoom({
  letter,
  figure,
  description,
  open,
  onOpenChange,
}: {
  letter: string;
  figure: Figure;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => onOpenChange(true)}
        aria-label={`Ampliar a figura da alternativa ${letter}`}
        className="absolute right-2 top-2 flex size-9 items-center justify-center rounded-lg border border-line bg-surface text-ink-muted shadow-sm hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Maximize2 className="size-4" aria-hidden="true" />
      </button>
      {open && (
        <FigureZoomDialog
          figure={figure}
          description={`Alternativa ${letter}: ${description}`}
          onClose={() => onOpenChange(false)}
        />
      )}
    </>
  );
}

/**
 * A real radio group: arrows move between alternatives (native), Enter checks. Image alternatives
 * are a grid of selectable figures, each with its own button to see it full screen.
 */
export function AlternativesGroup({
  name,
  alternatives,
  selected,
  onSelect,
  onSubmit,
  answer,
  groupRef,
  figures = [],
  disabled = false,
}: AlternativesGroupProps) {
  const locked = answer !== null || disabled;
  const legendId = useId();
  const [zoomed, setZoomed] = useState<string | null>(null);
  const figureOf = (alternative: Alternative) =>
    alternative.figure
      ? {
          description: alternative.figure.description,
          figure: figures.find((figure) => figure.assetId === alternative.figure!.assetId) ?? null,
        }
      : null;
  const imageGrid = alternatives.every((alternative) => figureOf(alternative)?.figure);

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
      {imageGrid ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {alternatives.map((alternative) => {
            const { letter } = alternative;
            const { figure, description } = figureOf(alternative)! as {
              figure: Figure;
              description: string;
            };
            const look = lookOf(letter, selected, answer, disabled);
            return (
              <div key={letter} className="relative min-w-0">
                <label
                  className={`group flex h-full flex-col gap-2 rounded-xl border p-2.5 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring motion-reduce:transition-none ${CARD[look]}`}
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
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className={`flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-bold transition-colors motion-reduce:transition-none ${BADGE[look]}`}
                    >
                      {letter}
                    </span>
                    <Marks look={look} />
                  </span>
                  <span className="sr-only">{letter}) </span>
                  {/* Narrow screens scroll inside the figure rather than shrink its text. */}
                  <FigureImage
                    figure={figure}
                    description={description}
                    zoomable={false}
                    className=""
                  />
                </label>
                <AlternativeZoom
                  letter={letter}
                  figure={figure}
                  description={description}
                  open={zoomed === letter}
                  onOpenChange={(open) => setZoomed(open ? letter : null)}
                />
              </div>
            );
          })}
        </div>
      ) : (
        <div className="space-y-2.5">
          {alternatives.map((alternative) => {
            const { letter } = alternative;
            const look = lookOf(letter, selected, answer, disabled);
            const picture = figureOf(alternative);
            const label = (
              <label
                key={letter}
                className={`group relative flex items-start gap-3 rounded-xl border px-3 py-3 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring sm:px-4 motion-reduce:transition-none ${picture?.figure ? 'pr-13 sm:pr-13' : ''} ${CARD[look]}`}
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
                  {picture?.figure ? (
                    <FigureImage
                      figure={picture.figure}
                      description={picture.description}
                      zoomable={false}
                      align="start"
                      className=""
                    />
                  ) : (
                    <AlternativeContent alternative={alternative} figures={figures} />
                  )}
                  <Marks look={look} />
                </span>
              </label>
            );
            return picture?.figure ? (
              <div key={letter} className="relative">
                {label}
                <AlternativeZoom
                  letter={letter}
                  figure={picture.figure}
                  description={picture.description}
                  open={zoomed === letter}
                  onOpenChange={(open) => setZoomed(open ? letter : null)}
                />
              </div>
            ) : (
              label
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
