import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionQueryOptions } from '@/domain/session/session';

/** What the popup posts to its opener when the Google flow ends. */
export const GOOGLE_MESSAGE_TYPE = 'gabarita:google-sign-in';
export const GOOGLE_POPUP_URL = '/api/auth/google/start?mode=popup';
export const GOOGLE_REDIRECT_URL = '/api/auth/google/start?mode=redirect';

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;
const CLOSED_POLL_MS = 500;

function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

function isGoogleMessage(data: unknown): data is { type: string; ok: boolean; blocked?: unknown } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === GOOGLE_MESSAGE_TYPE
  );
}

/**
 * Google sign-in in a popup; a full-page redirect when the popup is blocked. On success the session
 * is refetched and the sign-in guard moves the user on.
 */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  const popupRef = useRef<Window | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The server's message when the account is blocked (it carries the reason). */
  const [blocked, setBlocked] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) return;
    let settled = false;
    const settle = () => {
      settled = true;
      popupRef.current = null;
      setPending(false);
    };
    const refreshSession = () =>
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isGoogleMessage(event.data)) return;
      settle();
      if (event.data.ok === true) refreshSession();
      else {
        setFailed(true);
        setBlocked(typeof event.data.blocked === 'string' ? event.data.blocked : null);
      }
    };
    // Closed without a message (closed by hand, or the message was lost): the cookie may be set.
    const poll = window.setInterval(() => {
      if (!settled && popupRef.current?.closed) {
        settle();
        refreshSession();
      }
    }, CLOSED_POLL_MS);

    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
    };
  }, [pending, queryClient]);

  const start = useCallback(() => {
    setFailed(false);
    setBlocked(null);
    const popup = window.open(GOOGLE_POPUP_URL, 'gabarita-google', popupFeatures());
    if (!popup) {
      window.location.assign(GOOGLE_REDIRECT_URL);
      return;
    }
    popupRef.current = popup;
    setPending(true);
  }, []);

  const dismissFailure = useCallback(() => setFailed(false), []);

  return { start, pending, failed, blocked, dismissFailure };
}
