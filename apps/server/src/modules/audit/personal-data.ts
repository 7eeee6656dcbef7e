import type { PersonalDataOwner } from '@/lib/personal-data';
import { pseudonymiseAuditLog } from './audit.repo';

/** The audit trail is kept; what it says about a deleted account names its pseudonym. */
export const auditPersonalData: PersonalDataOwner = {
  module: 'audit',
  tables: { audit_log: ['actor_id', 'actor_label', 'target', 'summary', 'details'] },
  eraseAccount: (tx, account) =>
    pseudonymiseAuditLog(tx, account, account.supportIds, account.pseudonym),
};
