import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProcessIdentity } from '@/lib/process-identity';

/** Audit trail of operator commands (database status, premium grants, content imports...). */
export const operatorRuns = pgTable(
  'operator_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    command: text('command').notNull(),
    args: jsonb('args').$type<string[]>().notNull(),
    /** 'direct': the CLI opened the database itself; 'server': it asked the running server. */
    channel: text('channel', { enum: ['direct', 'server'] }).notNull(),
    /** 'interrupted': the process running it ended before it did (killed, crashed). */
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'interrupted'] }).notNull(),
    /** The process that runs it, to tell a run still going from one whose process is gone. */
    process: jsonb('process').$type<ProcessIdentity>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('operator_runs_channel_check', sql`${table.channel} in ('direct', 'server')`),
    check(
      'operator_runs_status_check',
      sql`${table.status} in ('running', 'succeeded', 'failed', 'interrupted')`,
    ),
    index('operator_runs_started_at_idx').on(table.startedAt),
  ],
);
