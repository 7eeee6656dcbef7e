import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hit } from './rate-limit.repo';

export interface RateLimitRule {
  /** What is being limited, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit for each (rule, subject) pair and refuses with 429 once any is past its maximum.
 * Counters live in the database, so every server instance shares them.
 */
export async function enforceRateLimits(
  db: Database,
  checks: { rule: RateLimitRule; subject: string }[],
): Promise<void> {
  for (const { rule, subject } of checks) {
    const hits = await hit(db, `${rule.name}:${subject}`, rule.windowSeconds);
    if (hits > rule.max) throw AppError.common('request/rate-limited', 429);
  }
}
