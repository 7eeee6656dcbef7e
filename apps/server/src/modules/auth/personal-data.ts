import type { Database } from '@/db/client';
import type { PersonalDataOwner } from '@/lib/personal-data';
import { purgeAuthRecordsAt } from './auth.repo';

export function authPersonalData(db: Database): PersonalDataOwner {
  return {
    module: 'auth',
    tables: {
      sessions: ['user_id'],
      action_codes: ['user_id', 'new_email'],
      trusted_browsers: ['user_id'],
      previous_emails: ['user_id', 'email'],
    },
    purgeExpired: (now) => purgeAuthRecordsAt(db, now),
  };
}
