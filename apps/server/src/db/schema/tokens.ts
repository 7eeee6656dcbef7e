import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProcessIdentity } from '@/lib/process-identity';
import { users } from './users';

/** The features that spend tokens (the same names as the shared AiFeature). */
const FEATURES = ['feedback', 'chat', 'didactic'] as const;
const featureCheck = (column: unknown) => sql`${column} in ('feedback', 'chat', 'didactic')`;
/** What package tokens pay for: the AI features, and answer checks past the free daily limit. */
const USAGE_FEATURES = [...FEATURES, 'check'] as const;

/**
 * The package tokens a user holds (docs/product-rules.md, "AI tutor and tokens"): they never
 * expire, and a package ends when either side reaches zero. `reserved_*` are the part of the
 * balance set aside for calls still running; what can be spent now is balance − reserved.
 */
export const tokenWallets = pgTable(
  'token_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageInput: integer('package_input').notNull().default(0),
    packageOutput: integer('package_output').notNull().default(0),
    reservedInput: integer('reserved_input').notNull().default(0),
    reservedOutput: integer('reserved_output').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'token_wallets_not_negative',
      sql`${table.packageInput} >= 0 and ${table.packageOutput} >= 0`,
    ),
    check(
      'token_wallets_reserved_not_negative',
      sql`${table.reservedInput} >= 0 and ${table.reservedOutput} >= 0`,
    ),
  ],
);

/**
 * The packages whose tokens are in a wallet, in the order they came in (docs/product-rules.md, "AI
 * tutor and tokens"): the ledger spends the oldest first, so what is left of each follows from the
 * wallet's balance (package-lots.ts) and a refund takes back only what is left of its own package.
 * A lot is open while its tokens are in the wallet; it closes when refunded or when the package
 * ended (either side of the wallet reached zero) before a new one came.
 */
export const tokenPackageLots = pgTable(
  'token_package_lots',
  {
    /** Also the order the lots came in: each is added under the wallet's lock. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The purchase that bought it (billing's; no foreign key, as the wallet has none: a purchase
     * outlives its account, and the lot goes with the account); null for a grant (support, an
     * operator command).
     */
    purchaseId: uuid('purchase_id'),
    /** The tokens it brought. */
    input: integer('input').notNull(),
    output: integer('output').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check('token_package_lots_not_negative', sql`${table.input} >= 0 and ${table.output} >= 0`),
    uniqueIndex('token_package_lots_purchase_idx').on(table.purchaseId),
    index('token_package_lots_open_idx')
      .on(table.userId, table.id)
      .where(sql`${table.closedAt} is null`),
  ],
);

/**
 * The Premium daily quota per user and São Paulo day: tokens charged (`used_*`) and set aside for
 * calls still running (`reserved_*`). remaining = quota − used − reserved, never below zero.
 */
export const tokenDailyQuota = pgTable(
  'token_daily_quota',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    inputUsed: integer('input_used').notNull().default(0),
    outputUsed: integer('output_used').notNull().default(0),
    inputReserved: integer('input_reserved').notNull().default(0),
    outputReserved: integer('output_reserved').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check(
      'token_daily_quota_not_negative',
      sql`${table.inputUsed} >= 0 and ${table.outputUsed} >= 0
        and ${table.inputReserved} >= 0 and ${table.outputReserved} >= 0`,
    ),
  ],
);

/**
 * Tokens set aside for one AI call before it starts, from the package and from the day's quota,
 * and how the call was settled: what it used (the provider's report, or our count) and what of
 * that was charged to the balances. A reservation nobody settled (the server died) expires.
 */
export const tokenReservations = pgTable(
  'token_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature', { enum: FEATURES }).notNull(),
    /** The São Paulo day whose quota the daily part came from. */
    day: date('day').notNull(),
    packageInput: integer('package_input').notNull(),
    packageOutput: integer('package_output').notNull(),
    dailyInput: integer('daily_input').notNull(),
    dailyOutput: integer('daily_output').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The server process running the call: a restart gives back what its dead self held. */
    process: jsonb('process').$type<ProcessIdentity>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['completed', 'aborted', 'failed', 'expired'] }),
    usedInput: integer('used_input'),
    usedOutput: integer('used_output'),
    chargedInput: integer('charged_input'),
    chargedOutput: integer('charged_output'),
  },
  (table) => [
    check('token_reservations_feature_check', featureCheck(table.feature)),
    check(
      'token_reservations_outcome_check',
      sql`${table.outcome} in ('completed', 'aborted', 'failed', 'expired')`,
    ),
    check(
      'token_reservations_not_negative',
      sql`${table.packageInput} >= 0 and ${table.packageOutput} >= 0
        and ${table.dailyInput} >= 0 and ${table.dailyOutput} >= 0`,
    ),
    index('token_reservations_open_idx')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.settledAt} is null`),
    index('token_reservations_settled_idx').on(table.settledAt),
  ],
);

/**
 * Tokens used and their cost per user, São Paulo day and feature: the source of the daily, monthly
 * and lifetime figures and of the operator's report. Cost in millionths of a US dollar.
 */
export const tokenUsage = pgTable(
  'token_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    feature: text('feature', { enum: USAGE_FEATURES }).notNull(),
    calls: integer('calls').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    inputCostMicroUsd: bigint('input_cost_micro_usd', { mode: 'number' }).notNull().default(0),
    outputCostMicroUsd: bigint('output_cost_micro_usd', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.feature] }),
    check(
      'token_usage_feature_check',
      sql`${table.feature} in ('feedback', 'chat', 'didactic', 'check')`,
    ),
    index('token_usage_day_idx').on(table.day),
  ],
);

/**
 * Model work the team pays, charged to no user: its own commands (comment drafts), and the tutor's
 * texts written again, under their feature, after the team changed a key or a comment
 * (docs/product-rules.md, "The tutor after a change of key or comment").
 */
const OPERATOR_TASKS = ['comment_drafts', 'feedback', 'chat', 'didactic'] as const;

/** Tokens and cost of operator work per day and task, shown by `ai:usage` beside users' use. */
export const operatorAiUsage = pgTable(
  'operator_ai_usage',
  {
    day: date('day').notNull(),
    task: text('task', { enum: OPERATOR_TASKS }).notNull(),
    calls: integer('calls').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    inputCostMicroUsd: bigint('input_cost_micro_usd', { mode: 'number' }).notNull().default(0),
    outputCostMicroUsd: bigint('output_cost_micro_usd', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.task] }),
    check(
      'operator_ai_usage_task_check',
      sql`${table.task} in ('comment_drafts', 'feedback', 'chat', 'didactic')`,
    ),
  ],
);
