import type { QuestionDetail } from '@gabarita/shared';
import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTutorInfo } from '../../../lib/app-info';
import { subscriptionLimitTarget } from '../../../lib/subscription-reason';
import { useTokens } from '../../../lib/tokens';
import { useTutorText } from '../../../lib/use-tutor-text';
import type { CheckedAnswer } from './alternatives-group';
import { ChatPanel } from './tutor/chat-panel';
import { ExplanationPanel } from './tutor/explanation-panel';
import { TokenCounter } from './tutor/token-counter';

interface TutorSlotProps {
  question: QuestionDetail;
  /** The checked answer of this visit: the tutor speaks only after a check (the key is context). */
  answer: CheckedAnswer | null;
  /** The tutor is writing: the question navigation waits. */
  onBusyChange: (busy: boolean) => void;
  /** A language model wrote (or was asked to write) about this question in this visit. */
  onAiUsed?: () => void;
}

/** The tutor in the viewer: the explanation, the chat and the token counter. */
export function TutorSlot({ question, answer, onBusyChange, onAiUsed }: TutorSlotProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const tokens = useTokens();
  const tutor = useTutorInfo();
  const explanation = useTutorText(returnTo);
  const [chatBusy, setChatBusy] = useState(false);
  const entitled = tokens.data?.canUseAi ?? false;

  useEffect(
    () => onBusyChange(explanation.busy || chatBusy),
    [explanation.busy, chatBusy, onBusyChange],
  );
  const languageModel = tutor?.languageModel ?? false;
  const asked = explanation.state.status !== 'idle' || chatBusy;
  useEffect(() => {
    if (languageModel && asked) onAiUsed?.();
  }, [languageModel, asked, onAiUsed]);
  // Leaving the question never leaves the navigation blocked.
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const locked = useCallback(() => {
    const target = subscriptionLimitTarget('ai_limit', returnTo);
    void navigate(target.to, { state: target.state });
  }, [navigate, returnTo]);

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
  if (tokens.isPending) return null;

  return (
    <div className="space-y-4">
      {entitled && tokens.data && <TokenCounter balance={tokens.data} />}
      <ExplanationPanel
        questionId={question.id}
        explanation={explanation}
        entitled={entitled}
        tutor={tutor}
        onLocked={locked}
      />
      <ChatPanel
        questionId={question.id}
        entitled={entitled}
        tutor={tutor}
        onLocked={locked}
        onBusyChange={setChatBusy}
      />
    </div>
  );
}
