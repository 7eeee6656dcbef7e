import { AI_MESSAGES, type TutorInfo } from '@gabarita/shared';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TutorPanelTitle, TutorTextBody } from '@/domain/tutor/tutor-text';
import type { useTutorText } from '@/domain/tutor/use-tutor-text';
import { tutorLabels } from '../tutor-labels';

const feedbackPath = (questionId: string) =>
  `/questions/${encodeURIComponent(questionId)}/feedback`;

interface ExplanationPanelProps {
  questionId: string;
  explanation: ReturnType<typeof useTutorText>;
  /** May this user use AI (a valid plan or package tokens)? */
  entitled: boolean;
  tutor: TutorInfo | null;
  /** Shows a user without a plan or package what unlocks the explanation (the plans page). */
  onInvite: () => void;
}

/**
 * The question's explanation: none -> loading (streaming) -> shown. Entitled users get it at once
 * after checking (a stored one costs nothing); with a language model, 'Reanalisar com IA' writes a
 * new one (the offline tutor would write the same text again, so it is not offered).
 */
export function ExplanationPanel({
  questionId,
  explanation,
  entitled,
  tutor,
  onInvite,
}: ExplanationPanelProps) {
  const { state, request } = explanation;
  const requested = useRef(false);

  useEffect(() => {
    if (!entitled || requested.current) return;
    requested.current = true;
    void request(feedbackPath(questionId), {});
  }, [entitled, questionId, request]);

  const writer = state.status === 'loading' || state.status === 'shown' ? state.meta?.tutor : null;
  const labels = tutorLabels(writer ?? tutor);

  return (
    <Card as="section" aria-labelledby="explicacao-titulo" aria-busy={state.status === 'loading'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TutorPanelTitle id="explicacao-titulo" icon={Sparkles}>
          {labels.explanation}
        </TutorPanelTitle>
        {entitled && state.status === 'shown' && tutor?.languageModel && (
          <Button
            variant="secondary"
            size="sm"
            icon={RefreshCw}
            onClick={() => void request(feedbackPath(questionId), { regenerate: true })}
          >
            {AI_MESSAGES.reanalyze}
          </Button>
        )}
      </div>

      {entitled ? (
        <div className="mt-4 space-y-3">
          <TutorTextBody
            state={state}
            tutor={tutor}
            writingLabel={labels.writing}
            failedText={AI_MESSAGES.feedbackFailed}
            onRetry={() => void request(feedbackPath(questionId), {})}
          />
        </div>
      ) : (
        <div className="mt-4 space-y-3 text-sm leading-6 text-ink-muted">
          <p>{labels.explanationOffer}</p>
          <Button icon={Sparkles} onClick={onInvite}>
            {labels.explanationButton}
          </Button>
        </div>
      )}
    </Card>
  );
}
