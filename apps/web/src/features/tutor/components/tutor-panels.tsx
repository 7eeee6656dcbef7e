import { PATHS } from '@gabarita/shared';
import type { QuestionDetail } from '@gabarita/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTutorInfo } from '@/domain/app-info';
import { useQuestionCommentary } from '@/domain/questions/question-queries';
import { subscriptionLimitTarget } from '@/domain/plans/subscription-reason';
import { useTokens } from '@/domain/tutor/tokens';
import { useTutorText } from '@/domain/tutor/use-tutor-text';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';
import { chatSuggestions } from '../chat-suggestions';
import { ChatPanel } from './chat-panel';
import { ExplanationPanel } from './explanation-panel';
import { TokenCounter } from './token-counter';

export interface TutorPanelsProps {
  question: QuestionDetail;
  /** The check of this visit: the chat's suggestions start from it. */
  answer: CheckedAnswer;
  /** The tutor is writing: the question navigation waits. */
  onBusyChange: (busy: boolean) => void;
  /** A language model wrote (or was asked to write) about this question in this visit. */
  onAiUsed?: () => void;
}

/** The tutor after a check: the token counter, the explanation and the chat. */
export function TutorPanels({ question, answer, onBusyChange, onAiUsed }: TutorPanelsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const tokens = useTokens();
  const tutor = useTutorInfo();
  const explanation = useTutorText(returnTo);
  const [chatBusy, setChatBusy] = useState(false);
  const entitled = tokens.data?.canUseAi ?? false;
  const commentary = useQuestionCommentary(question.id, true);

  useEffect(
    () => onBusyChange(explanation.busy || chatBusy),
    [explanation.busy, chatBusy, onBusyChange],
  );
  const languageModel = tutor?.languageModel ?? false;
  // Without a language model the explanation comes from the comment: of a commented question it
  // would be the comment shown above it again, and of one without a comment it would only say there
  // is none, as the page already does (docs/product-rules.md, "Authored comments"). It waits to
  // know, as it starts by itself.
  const offlineHasNothingToAdd = !languageModel && !commentary.isError;
  const asked = explanation.state.status !== 'idle' || chatBusy;
  useEffect(() => {
    if (languageModel && asked) onAiUsed?.();
  }, [languageModel, asked, onAiUsed]);
  // Leaving the question never leaves the navigation blocked.
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  // Tokens that ran out mid-use: the plans with the AI limit warning.
  const locked = useCallback(() => {
    const target = subscriptionLimitTarget('ai_limit', returnTo);
    void navigate(target.to, { state: target.state });
  }, [navigate, returnTo]);
  // Never had an allowance: the plans, with the way back, and no limit warning.
  const invite = useCallback(() => {
    void navigate(PATHS.plans.path, { state: { returnTo } });
  }, [navigate, returnTo]);

  if (tokens.isPending) return null;

  return (
    <div className="space-y-4">
      {entitled && tokens.data && <TokenCounter balance={tokens.data} />}
      {offlineHasNothingToAdd ? null : (
        <ExplanationPanel
          questionId={question.id}
          explanation={explanation}
          entitled={entitled}
          tutor={tutor}
          onInvite={invite}
        />
      )}
      <ChatPanel
        questionId={question.id}
        entitled={entitled}
        tutor={tutor}
        suggestions={chatSuggestions({
          answer,
          alternatives: question.alternatives,
          languageModel,
        })}
        onLocked={locked}
        onInvite={invite}
        onBusyChange={setChatBusy}
      />
    </div>
  );
}
