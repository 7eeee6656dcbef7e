import type { Database } from '@/db/client';
import { rateLimitedError } from '@/lib/app-errors';
import { clear, hit, hitsSoFar, purgeOlderThan } from './rate-limit.repo';

export interface RateLimitRule {
  /** What is being limited, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

const keyOf = ({ rule, subject }: RateLimitCheck) => `${rule.name}:${subject}`;

/** The longest window of any rule; counters older than this are purged. */
const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Fixed-window counters in the database, so every server instance shares them
 * (docs/product-rules.md, "Rate limits").
 */
export function createRateLimiter(db: Database) {
  return {
    /** Counts a hit for each pair and refuses with 429 once any is past its maximum. */
    async enforce(checks: RateLimitCheck[]): Promise<void> {
      for (const check of checks) {
        if ((await hit(db, keyOf(check), check.rule.windowSeconds)) > check.rule.max) {
          throw rateLimitedError();
        }
      }
    },
    /** Whether the pair has used up its window, without counting this call. */
    async isLimited(check: RateLimitCheck): Promise<boolean> {
      return (await hitsSoFar(db, keyOf(check), check.rule.windowSeconds)) >= check.rule.max;
    },
    /** Counts one event (a failure, a miss) against the pair, to be checked later. */
    async count(check: RateLimitCheck): Promise<void> {
      await hit(db, keyOf(check), check.rule.windowSeconds);
    },
    reset: (check: RateLimitCheck) => clear(db, keyOf(check)),
    purgeExpired: () => purgeOlderThan(db, LONGEST_WINDOW_SECONDS),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
