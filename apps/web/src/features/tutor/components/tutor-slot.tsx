import { useQueryClient } from '@tanstack/react-query';
import type { QuestionDetail } from '@gabarita/shared';
import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { appInfoQueryOptions } from '@/domain/app-info';
import { tokensQueryOptions } from '@/domain/tutor/tokens';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';

/**
 * The tutor's code (text streaming, Markdown, the chat) is not needed to show a question: it loads
 * once an alternative is chosen, so it is usually there by the time the answer is checked.
 */
const loadPanels = () => import('./tutor-panels');
const TutorPanels = lazy(async () => ({ default: (await loadPanels()).TutorPanels }));

interface TutorSlotProps {
  question: QuestionDetail;
  /** The checked answer of this visit: the tutor speaks only after a check (the key is context). */
  answer: CheckedAnswer | null;
  /** An alternative is chosen: a check, and so the tutor, may come next. */
  answerChosen: boolean;
  /** The tutor is writing: the question navigation waits. */
  onBusyChange: (busy: boolean) => void;
  /** A language model wrote (or was asked to write) about this question in this visit. */
  onAiUsed?: () => void;
}

/** The tutor in the viewer: a hint until the answer is checked, then the tutor's panels. */
export function TutorSlot({
  question,
  answer,
  answerChosen,
  onBusyChange,
  onAiUsed,
}: TutorSlotProps) {
  const queryClient = useQueryClient();
  // With the code, the balance and the tutor's settings: the panels open with them.
  useEffect(() => {
    if (!answerChosen) return;
    void loadPanels();
    void queryClient.prefetchQuery(tokensQueryOptions);
    void queryClient.prefetchQuery(appInfoQueryOptions);
  }, [answerChosen, queryClient]);

  if (!answer) {
    return (
      <section
        aria-label="Tutor"
        className="flex items-start gap-3 rounded-xl border border-dashed border-line bg-surface/60 p-4"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-ink-muted">
          <Sparkles className="size-4" aria-hidden="true" />
        </span>
        <p className="text-sm leading-6 text-ink-muted">
          Depois de verificar o gabarito, veja a explicação da questão e tire suas dúvidas no chat.
        </p>
      </section>
    );
  }
  return (
    <Suspense fallback={null}>
      <TutorPanels
        question={question}
        answer={answer}
        onBusyChange={onBusyChange}
        onAiUsed={onAiUsed}
      />
    </Suspense>
  );
}
