import { useEffect, useEffectEvent, useState } from 'react';

const SECOND_MS = 1_000;
/** More than this left means the device clock is off: the code is treated as expired. */
const IMPLAUSIBLE_MS = 50 * 60 * SECOND_MS;

function remainingAt(deadline: number, now: number) {
  const remaining = deadline - now;
  return remaining < SECOND_MS || remaining > IMPLAUSIBLE_MS ? 0 : remaining;
}

/**
 * The PIX countdown (docs/product-rules.md, "Payments"): 'MM:SS' left, ticking each second;
 * `onExpire` runs once when under one second is left, or at the first tick when the time left is
 * implausible (over 50 minutes). Mount it per code (a `key`), so each code starts its own count.
 */
export function useCountdown(deadline: string, onExpire: () => void): string {
  const target = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const expire = useEffectEvent(onExpire);

  useEffect(() => {
    let expired = false;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (!expired && remainingAt(target, current) === 0) {
        expired = true;
        expire();
      }
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, SECOND_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [target]);

  const seconds = Math.floor(remainingAt(target, now) / SECOND_MS);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
