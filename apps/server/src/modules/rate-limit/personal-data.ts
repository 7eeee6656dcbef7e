import type { PersonalDataOwner } from '@/lib/personal-data';
import { deleteRateLimitsOf } from './rate-limit.repo';
import type { RateLimiter } from './rate-limit.service';

export function rateLimitPersonalData(limits: RateLimiter): PersonalDataOwner {
  return {
    module: 'rate-limit',
    tables: { rate_limits: ['key'] },
    eraseAccount: (tx, account) => deleteRateLimitsOf(tx, account),
    purgeExpired: async () => ({ rateLimits: await limits.purgeExpired() }),
  };
}
