import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every editorial and operator action, kept: who (the account, or the operator's command line),
 * when, what (`action`, a stable name such as 'question.edit'), on what (`target`, e.g. a question
 * id) and a readable summary. Rows are never deleted, and updated only when an account they name
 * is deleted: it becomes its pseudonym (docs/product-rules.md, "Personal data and the LGPD").
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for operator commands, and once the account is deleted (the label stays). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.target, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);
