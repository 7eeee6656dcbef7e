import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createPersonalDataRegistry } from './lib/personal-data';
import { aiPersonalData } from '@/modules/ai';
import { auditPersonalData } from '@/modules/audit';
import { authPersonalData } from '@/modules/auth';
import { billingPersonalData } from '@/modules/billing';
import { consentsPersonalData } from '@/modules/consents';
import { contentImportPersonalData } from '@/modules/content-import';
import { dataExportPersonalData } from '@/modules/data-export';
import { editalPersonalData } from '@/modules/edital';
import { editorialPersonalData } from '@/modules/editorial';
import { entitlementsPersonalData } from '@/modules/entitlements';
import { examOptionsPersonalData } from '@/modules/exam-options';
import { mailPersonalData } from '@/modules/mail';
import { noticesPersonalData } from '@/modules/notices';
import { operatorPersonalData } from '@/modules/operator';
import { type RateLimiter, rateLimitPersonalData } from '@/modules/rate-limit';
import { reviewPersonalData } from '@/modules/review';
import { studyPersonalData } from '@/modules/study';
import { supportPersonalData } from '@/modules/support';
import { type TokenLedger, tokensPersonalData } from '@/modules/tokens';
import { usersPersonalData } from '@/modules/users';

/**
 * The one registry of personal data (lib/personal-data.ts): every module that holds some is listed
 * here, and account-deletion.test.ts fails for a table naming an account that no module declares.
 * The account deletion and the daily retention go through it.
 */
export function createPersonalData(deps: {
  db: Database;
  limits: RateLimiter;
  ledger: TokenLedger;
  retention: AppConfig['retention'];
}) {
  const { db, retention } = deps;
  const registry = createPersonalDataRegistry();
  for (const owner of [
    usersPersonalData,
    authPersonalData(db),
    consentsPersonalData,
    entitlementsPersonalData,
    tokensPersonalData(deps.ledger),
    studyPersonalData,
    reviewPersonalData,
    examOptionsPersonalData,
    editalPersonalData,
    billingPersonalData(db),
    aiPersonalData(db, retention.aiChatDays),
    editorialPersonalData,
    supportPersonalData,
    noticesPersonalData,
    dataExportPersonalData(db),
    contentImportPersonalData,
    auditPersonalData,
    operatorPersonalData,
    rateLimitPersonalData(deps.limits),
    mailPersonalData(db, retention.outboxDays),
  ]) {
    registry.add(owner);
  }
  return registry;
}
