import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Audit trail of operator commands (database status, premium grants, content imports...). */
export const operatorRuns = pgTable(
  'operator_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    command: text('command').notNull(),
    args: jsonb('args').$type<string[]>().notNull(),
    /** 'direct': the CLI opened the database itself; 'server': it asked the running server. */
    channel: text('channel', { enum: ['direct', 'server'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('operator_runs_channel_check', sql`${table.channel} in ('direct', 'server')`),
    check('operator_runs_status_check', sql`${table.status} in ('running', 'succeeded', 'failed')`),
    index('operator_runs_started_at_idx').on(table.startedAt),
  ],
);
