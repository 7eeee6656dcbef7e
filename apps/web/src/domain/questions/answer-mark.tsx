import { CircleCheck, CircleX } from 'lucide-react';

export const ANSWER_MARK_LABELS = {
  c: 'Respondida corretamente',
  e: 'Respondida incorretamente',
} as const;

/** The user's recorded answer on a question card: green check, red x, or nothing. */
export function AnswerMark({ response }: { response: 'c' | 'e' | null }) {
  if (response === null) return null;
  const label = ANSWER_MARK_LABELS[response];
  const Icon = response === 'c' ? CircleCheck : CircleX;
  const tone =
    response === 'c' ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400';
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex shrink-0 ${tone}`}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
