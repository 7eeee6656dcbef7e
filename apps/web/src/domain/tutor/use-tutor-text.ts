import type { AiMetaEvent } from '@gabarita/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { subscriptionLimitTarget } from '@/domain/plans/subscription-reason';
import { useApplyTokenBalance } from './tokens';
import { streamTutor } from './tutor-stream';

export type TutorTextState =
  | { status: 'idle' }
  | { status: 'loading'; meta: AiMetaEvent | null; text: string }
  | { status: 'shown'; meta: AiMetaEvent | null; text: string; cut: boolean }
  | { status: 'error'; error: unknown };

/**
 * One text the tutor writes (an explanation, a study text): none -> loading (the text grows as it
 * streams) -> shown, or error. A call the user is not entitled to goes to /assinatura with the
 * ai_limit reason, back to `returnTo`. Leaving the screen stops reading the stream.
 */
export function useTutorText(returnTo: string) {
  const navigate = useNavigate();
  const applyBalance = useApplyTokenBalance();
  const [state, setState] = useState<TutorTextState>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const request = useCallback(
    async (path: string, body: unknown) => {
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      let meta: AiMetaEvent | null = null;
      let text = '';
      setState({ status: 'loading', meta, text });
      try {
        const done = await streamTutor(path, body, {
          signal: abort.signal,
          onMeta: (received) => {
            meta = received;
            setState({ status: 'loading', meta, text });
          },
          onDelta: (piece) => {
            text += piece;
            setState({ status: 'loading', meta, text });
          },
        });
        applyBalance(done.tokens);
        setState({
          status: 'shown',
          meta,
          text: done.content,
          cut: done.finishReason === 'length',
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'limit/ai') {
          const target = subscriptionLimitTarget('ai_limit', returnTo);
          void navigate(target.to, { state: target.state });
          return;
        }
        setState({ status: 'error', error });
      }
    },
    [applyBalance, navigate, returnTo],
  );

  return { state, request, busy: state.status === 'loading' };
}
