import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@/db/client';
import * as schema from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { createTokensService } from '@/modules/tokens/tokens.service';
import { migrationsFolder } from '@/paths';
import { createPasswordUser } from '../helpers/accounts';
import { editedCatalog } from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const committedMigrations = fs
  .readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql'));

const declaredTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

async function appliedCount(database: TestDatabase) {
  const [row] = await executeRows<{ total: number }>(
    database.db,
    sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
  );
  return row?.total;
}

/** The SQLSTATE and constraint of the error a statement fails with, or a failure if it succeeds. */
async function refusal(statement: Promise<unknown>) {
  const error = await statement.then(
    () => expect.fail('the database accepted a row its constraints forbid'),
    (reason: unknown) => reason as { code?: string; constraint?: string; cause?: unknown },
  );
  const cause = (error.cause ?? error) as { code?: string; constraint?: string };
  return { code: cause.code, constraint: cause.constraint };
}

describe('migrations on an empty database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('unmigrated');
    await database.migrate();
  });
  afterAll(() => database.destroy());

  it('applies every committed migration', async () => {
    expect(committedMigrations.length).toBeGreaterThan(0);
    expect(await appliedCount(database)).toBe(committedMigrations.length);
  });

  it("keeps the search index's pending list on PostgreSQL and off on PGlite", async () => {
    const [index] = await executeRows<{ options: string[] | null }>(
      database.db,
      sql`select reloptions as options from pg_class where relname = 'questions_search_vector_idx'`,
    );
    expect(index?.options).toEqual([
      database.kind === 'postgres' ? 'fastupdate=on' : 'fastupdate=off',
    ]);
  });

  it('creates exactly the tables the schema declares', async () => {
    const tables = await executeRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(declaredTables.length).toBeGreaterThan(10);
    expect(tables.map((table) => table.table_name).sort()).toEqual(
      declaredTables.map((table) => table.name).sort(),
    );
  });

  it('creates every check constraint, foreign key and named index the schema declares', async () => {
    const constraints = await executeRows<{ conname: string }>(
      database.db,
      sql`select conname from pg_constraint where connamespace = 'public'::regnamespace`,
    );
    const indexes = await executeRows<{ indexname: string }>(
      database.db,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const constraintNames = new Set(constraints.map((row) => row.conname));
    const indexNames = new Set(indexes.map((row) => row.indexname));
    const declaredChecks = declaredTables.flatMap((table) => table.checks.map((c) => c.name));
    const declaredForeignKeys = declaredTables.flatMap((table) =>
      table.foreignKeys.map((key) => key.getName()),
    );
    const declaredIndexes = declaredTables.flatMap((table) =>
      table.indexes.map((index) => index.config.name).filter((name) => name !== undefined),
    );
    expect(declaredChecks.length).toBeGreaterThan(0);
    expect(declaredForeignKeys.length).toBeGreaterThan(0);
    expect(declaredIndexes.length).toBeGreaterThan(0);
    expect(declaredChecks.filter((name) => !constraintNames.has(name))).toEqual([]);
    expect(declaredForeignKeys.filter((name) => !constraintNames.has(name))).toEqual([]);
    expect(declaredIndexes.filter((name) => !indexNames.has(name))).toEqual([]);
  });

  it('is a no-op when run again, even by several callers at once', async () => {
    await Promise.all([database.migrate(), database.migrate()]);
    expect(await appliedCount(database)).toBe(committedMigrations.length);
  });

  it('enforces the constraints it declares', async () => {
    expect(
      await refusal(
        database.db.execute(
          sql`insert into operator_runs (command, args, channel, status) values ('x', '[]', 'elsewhere', 'running')`,
        ),
      ),
    ).toEqual({ code: '23514', constraint: 'operator_runs_channel_check' });

    await database.db.execute(
      sql`insert into users (provider, email, name, password_hash) values ('password', 'ana@exemplo.com.br', 'Ana', 'hash')`,
    );
    expect(
      await refusal(
        database.db.execute(
          sql`insert into users (provider, email, name, password_hash) values ('password', 'ana@exemplo.com.br', 'Outra', 'hash')`,
        ),
      ),
    ).toEqual({ code: '23505', constraint: 'users_provider_email_idx' });

    expect(
      await refusal(
        database.db.execute(
          sql`insert into sessions (user_id, token_hash, expires_at)
              values (gen_random_uuid(), 'hash', now() + interval '1 day')`,
        ),
      ),
    ).toEqual({ code: '23503', constraint: 'sessions_user_id_users_id_fk' });
  });
});

/** The statement of a migration that works its data out again: its last one. */
function lastStatementOf(tag: string) {
  const text = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  return text.split('--> statement-breakpoint').at(-1)!;
}

describe('the word pairs migration (0032) on a catalogue written before it', () => {
  it('works out every stored vector again, so a phrase still finds its questions', async () => {
    const database = await createTestDatabase();
    try {
      await createContentImportService(database.db).importContent(
        editedCatalog((catalog) => {
          catalog.question('alfa_2017_prova.json', '1').questao =
            '<p>O órgão público deve publicar a licitação.</p>';
        }),
      );
      const phrase = async () =>
        executeRows<{ id: string }>(
          database.db,
          sql`select id from questions where search_vector @@ public.search_query('"órgão público"')`,
        );
      const stale = async () => {
        const [row] = await executeRows<{ total: number }>(
          database.db,
          sql`select count(*)::int as total from questions where search_vector is distinct from
                public.search_vector(public.question_plain_text(statement_html, alternatives))`,
        );
        return row?.total;
      };
      expect(await phrase()).toEqual([{ id: 'alfa_2017_prova_1' }]);
      // The vectors as migration 0031 stored them: the words without the marks of their pairs.
      await database.db.execute(sql`
        update questions set search_vector =
          public.search_vector_unpaired(public.question_plain_text(statement_html, alternatives))`);
      expect(await phrase()).toEqual([]);
      expect(await stale()).toBeGreaterThan(0);

      await database.db.execute(sql.raw(lastStatementOf('0032_search_word_pairs')));

      expect(await phrase()).toEqual([{ id: 'alfa_2017_prova_1' }]);
      expect(await stale()).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});

describe('the previous e-mails migration (0034) on accounts that changed their address before it', () => {
  it('keeps the addresses that kept e-mail-change links and help messages show', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const at = (day: number) => new Date(Date.UTC(2026, 0, day));
      // Signed up as "a", wrote to support from it, then confirmed "b" and then "c" (the address
      // now); a change to "d" was asked for and never confirmed.
      const [user] = await db
        .insert(schema.users)
        .values({
          provider: 'password',
          email: 'c@exemplo.com.br',
          name: 'Ana Migrada',
          passwordHash: 'hash',
          createdAt: at(1),
        })
        .returning();
      const userId = user!.id;
      await db.insert(schema.helpRequests).values({
        userId,
        userName: 'Ana Migrada',
        userEmail: 'a@exemplo.com.br',
        message: 'Ajuda',
        createdAt: at(2),
      });
      await db.insert(schema.actionCodes).values(
        [
          { newEmail: 'b@exemplo.com.br', usedAt: at(3) },
          { newEmail: 'c@exemplo.com.br', usedAt: at(5) },
          { newEmail: 'd@exemplo.com.br', usedAt: null },
        ].map((code, index) => ({
          ...code,
          userId,
          mode: 'changeEmail' as const,
          codeHash: `hash-${index}`,
          expiresAt: at(30),
        })),
      );

      await db.execute(sql.raw(lastStatementOf('0034_previous_emails')));

      expect(
        await db
          .select({
            email: schema.previousEmails.email,
            usedFrom: schema.previousEmails.usedFrom,
            usedUntil: schema.previousEmails.usedUntil,
          })
          .from(schema.previousEmails)
          .orderBy(schema.previousEmails.usedUntil),
      ).toEqual([
        { email: 'a@exemplo.com.br', usedFrom: at(1), usedUntil: at(2) },
        { email: 'b@exemplo.com.br', usedFrom: at(1), usedUntil: at(5) },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe('the package lots migration (0036) on wallets filled before it', () => {
  it('gives the newest packages what the wallet holds, and the rest to one older lot', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const { user: buyer } = await createPasswordUser(db);
      const { user: granted } = await createPasswordUser(db);
      const day = (offset: number) => new Date(Date.UTC(2026, 10, 1 + offset));
      const packagePurchase = (grantedAt: Date, reversedAt: Date | null = null) => ({
        userId: buyer.id,
        productType: 'package' as const,
        productId: 'tokens',
        productName: 'Pacote de tokens',
        priceCentavos: 990,
        status: reversedAt ? ('refunded' as const) : ('paid' as const),
        provider: 'sandbox' as const,
        expiresAt: grantedAt,
        paidAt: grantedAt,
        grantedAt,
        reversedAt,
      });
      const [older, newer] = await db
        .insert(schema.purchases)
        .values([packagePurchase(day(0)), packagePurchase(day(2)), packagePurchase(day(1), day(3))])
        .returning({ id: schema.purchases.id });
      // Two packages held, 60,000 input and 10,000 output spent; the other account holds grants.
      await db.insert(schema.tokenWallets).values([
        { userId: buyer.id, packageInput: 100_000, packageOutput: 70_000 },
        { userId: granted.id, packageInput: 50_000, packageOutput: 20_000 },
      ]);

      await db.execute(sql.raw(lastStatementOf('0036_token_package_lots')));

      const lots = await db
        .select()
        .from(schema.tokenPackageLots)
        .orderBy(schema.tokenPackageLots.id);
      expect(
        lots.map((lot) => [lot.userId, lot.purchaseId, lot.input, lot.output, lot.closedAt]),
      ).toEqual(
        expect.arrayContaining([
          [buyer.id, older!.id, 20_000, 30_000, null],
          [buyer.id, newer!.id, 80_000, 40_000, null],
          [granted.id, null, 50_000, 20_000, null],
        ]),
      );
      expect(lots).toHaveLength(3);
      const tokens = createTokensService(db);
      expect(await tokens.unspentOfPurchase(buyer.id, older!.id)).toEqual({
        input: 20_000,
        output: 30_000,
      });
      expect(await tokens.unspentOfPurchase(buyer.id, newer!.id)).toEqual({
        input: 80_000,
        output: 40_000,
      });
    } finally {
      await database.destroy();
    }
  });
});

describe('the FSRS migration (0037) on a notebook scheduled by the ladder', () => {
  it('gives every ladder place its FSRS state and keeps every item and due day', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const { user } = await createPasswordUser(db);
      await createContentImportService(db).importContent(editedCatalog(() => undefined));
      const ids = (await db.select({ id: schema.questions.id }).from(schema.questions)).map(
        (row) => row.id,
      );
      const lastReviewedAt = new Date('2026-01-10T15:00:00Z');
      // As the ladder wrote them: steps 0..4 with their due day, and one mastered (no due day).
      await db.insert(schema.reviewItems).values(
        [0, 1, 2, 3, 4, null].map((step, at) => ({
          userId: user.id,
          questionId: ids[at]!,
          step: step ?? 4,
          dueDay: step === null ? null : `2026-01-${11 + at}`,
          lastWrongAt: new Date('2026-01-01T15:00:00Z'),
          lastReviewedAt,
        })),
      );

      await db.execute(sql.raw(lastStatementOf('0037_fsrs_review')));

      const rows = await executeRows<{
        question_id: string;
        due_day: string;
        due: Date;
        stability: number;
        reps: number;
        scheduled_days: number;
        fsrs_state: number;
        guid: string;
      }>(
        db,
        sql`select question_id, to_char(due_day, 'YYYY-MM-DD') as due_day, due, stability, reps,
                   scheduled_days, fsrs_state, guid
              from review_items order by reps`,
      );
      expect(rows).toHaveLength(6);
      expect(
        rows.map((row) => [row.due_day, row.reps, row.scheduled_days, row.fsrs_state]),
      ).toEqual([
        ['2026-01-11', 1, 1, 2],
        ['2026-01-12', 2, 1, 2],
        ['2026-01-13', 3, 3, 2],
        ['2026-01-14', 4, 7, 2],
        ['2026-01-15', 5, 21, 2],
        // Mastered: due again 56 days after its last review.
        ['2026-03-07', 6, 56, 2],
      ]);
      // Due at the start of its São Paulo day; the mastered one, 56 days after its last review.
      expect(new Date(rows[0]!.due).toISOString()).toBe('2026-01-11T03:00:00.000Z');
      expect(new Date(rows[5]!.due).toISOString()).toBe('2026-03-07T15:00:00.000Z');
      expect(rows.map((row) => row.stability)).toEqual(
        [...rows.map((row) => row.stability)].sort((a, b) => a - b),
      );
      expect(new Set(rows.map((row) => row.guid)).size).toBe(6);
    } finally {
      await database.destroy();
    }
  });
});
