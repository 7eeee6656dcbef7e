import { AUDIT_PAGE_SIZE, type AuditAction, type AuditPage } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { insertAuditEntry, listAuditEntries } from './audit.repo';

/** Who did it: a signed-in account, or the operator's command line. */
export type AuditActor = { id: string | null; label: string };

export const actorOf = (user: Pick<UserRow, 'id' | 'name' | 'email'>): AuditActor => ({
  id: user.id,
  label: `${user.name} <${user.email}>`,
});

export const OPERATOR_ACTOR: AuditActor = { id: null, label: 'Operador (linha de comando)' };

export interface AuditRecord {
  action: AuditAction;
  target?: string | null;
  summary: string;
  details?: Record<string, unknown>;
}

/** Writes one entry; inside the action's own transaction when given it, so both happen or neither. */
export function recordAudit(db: Database, actor: AuditActor, record: AuditRecord) {
  return insertAuditEntry(db, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: record.action,
    target: record.target ?? null,
    summary: record.summary,
    details: record.details ?? null,
  });
}

export function createAuditService(db: Database) {
  return {
    /** Newest first, a page at a time (GET /api/admin/audit). */
    async page(filter: { before?: number; action?: string; target?: string }): Promise<AuditPage> {
      const rows = await listAuditEntries(db, filter, AUDIT_PAGE_SIZE + 1);
      const entries = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        entries: entries.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actorLabel,
          action: row.action,
          target: row.target,
          summary: row.summary,
        })),
        next: rows.length > AUDIT_PAGE_SIZE ? entries.at(-1)!.id : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
