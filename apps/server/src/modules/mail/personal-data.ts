import type { Database } from '@/db/client';
import type { PersonalDataOwner } from '@/lib/personal-data';
import { deleteMessagesNaming, purgeOutboxBefore } from './outbox.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The development outbox: kept `outboxDays`, and nothing naming a deleted account. */
export function mailPersonalData(db: Database, outboxDays: number): PersonalDataOwner {
  return {
    module: 'mail',
    tables: { outbox_messages: ['to', 'subject', 'text', 'html'] },
    eraseAccount: (tx, account) => deleteMessagesNaming(tx, account),
    purgeExpired: async (now) => ({
      outboxMessages: await purgeOutboxBefore(db, new Date(now.getTime() - outboxDays * DAY_MS)),
    }),
  };
}
