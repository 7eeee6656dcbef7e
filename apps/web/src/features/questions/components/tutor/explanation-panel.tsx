import { AI_MESSAGES, type TutorInfo } from '@gabarita/shared';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Markdown } from '../../../../components/ui/markdown';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import type { useTutorText } from '../../../../lib/use-tutor-text';
import { OfflineTutorNotice } from '../../../../components/ui/offline-tutor-notice';
import { tutorLabels } from './tutor-labels';

const feedbackPath = (questionId: string) =>
  `/questions/${encodeURIComponent(questionId)}/feedback`;

/** The failure texts the product gives, or the server's own (a rate limit, a check first). */
function failureText(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 402
  )
    return error.message;
  return AI_MESSAGES.feedbackFailed;
}

interface ExplanationPanelProps {
  questionId: string;
  explanation: ReturnType<typeof useTutorText>;
  /** May this user use AI (a valid plan or package tokens)? */
  entitled: boolean;
  tutor: TutorInfo | null;
  /** Sends a user who may not use AI to the plans page. */
  onLocked: () => void;
}

/**
 * The question's explanation: none -> loading (streaming) -> shown. Entitled users get it at once
 * after checking (a stored one costs nothing); 'Reanalisar com IA' writes a new one.
 */
export function ExplanationPanel({
  questionId,
  explanation,
  entitled,
  tutor,
  onLocked,
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
  const text = state.status === 'loading' || state.status === 'shown' ? state.text : '';

  return (
    <Card as="section" aria-labelledby="explicacao-titulo" aria-busy={state.status === 'loading'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="explicacao-titulo"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
            <Sparkles className="size-4" aria-hidden="true" />
          </span>
          {labels.explanation}
        </h2>
        {entitled && state.status === 'shown' && (
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

      {!entitled && (
        <div className="mt-4 space-y-3 text-sm leading-6 text-ink-muted">
          <p>
            Entenda por que o gabarito está certo e por que cada alternativa está errada, com uma
            explicação da Inteligência Artificial. Disponível no Premium ou com um pacote de tokens.
          </p>
          <Button icon={Sparkles} onClick={onLocked}>
            Ver explicação com IA
          </Button>
        </div>
      )}

      {entitled && (
        <div className="mt-4 space-y-3">
          <OfflineTutorNotice tutor={writer ?? tutor} />
          {state.status === 'loading' && text === '' && (
            <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
              <Spinner className="size-4" />
              {labels.writing}
            </p>
          )}
          {text !== '' && <Markdown text={text} />}
          {state.status === 'shown' && state.cut && (
            <p className="text-xs text-ink-muted">
              A explicação foi interrompida no limite de tamanho.
            </p>
          )}
          {state.status === 'error' && (
            <Notice tone="error">
              <p>{failureText(state.error)}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => void request(feedbackPath(questionId), {})}
              >
                Tentar novamente
              </Button>
            </Notice>
          )}
        </div>
      )}
    </Card>
  );
}
