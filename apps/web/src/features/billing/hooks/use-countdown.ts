import { useEffect, useState } from 'react';

const SECOND_MS = 1_000;
/** More than this left means the device clock is off: the code is treated as expired. */
const IMPLAUSIBLE_MS = 50 * 60 * SECOND_MS;

export interface Countdown {
  /** 'MM:SS' left, never negative. */
  label: string;
  expired: boolean;
}

function countdownAt(deadline: number, now: number): Countdown {
  const remaining = deadline - now;
  const expired = remaining < SECOND_MS || remaining > IMPLAUSIBLE_MS;
  const seconds = expired ? 0 : Math.floor(remaining / SECOND_MS);
  const label = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return { label, expired };
}

/**
 * The PIX countdown (docs/product-rules.md, "Payments"): ticks each second until under one second
 * is left, or at once when the time left is implausible (over 50 minutes).
 */
export function useCountdown(deadline: string | null): Countdown | null {
  const target = deadline ? new Date(deadline).getTime() : null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (target === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => window.clearInterval(timer);
  }, [target]);

  return target === null ? null : countdownAt(target, now);
}
