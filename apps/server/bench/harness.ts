import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client';
import { questionHistory, questions } from '../src/db/schema';
import { insertSession, insertUser } from '../src/modules/auth/auth.repo';
import { createEntitlementsService } from '../src/modules/entitlements/entitlements.service';
import { hashToken, randomToken } from '../src/lib/tokens';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export function benchApp(
  database: DatabaseHandle,
  overrides: Partial<AppConfig> = {},
): Promise<BenchApp> {
  return buildApp(
    {
      ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      webDistDir: path.join(os.tmpdir(), 'sem-web'),
      ...overrides,
    },
    { database },
  );
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Times `requests` GETs of `url` through the whole HTTP stack, `concurrency` at a time. */
export async function measure(
  app: BenchApp,
  url: string,
  { concurrency, requests, cookie }: { concurrency: number; requests: number; cookie?: string },
) {
  const timings: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < requests) {
      issued++;
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      timings.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timings.sort((a, b) => a - b);
  return {
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
  };
}

export const row = (
  name: string,
  concurrency: number,
  t: { p50: number; p95: number; p99: number },
) =>
  `| ${name} | ${concurrency} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} |`;

export const TABLE_HEADER =
  '| query | concurrency | p50 (ms) | p95 (ms) | p99 (ms) |\n|---|---|---|---|---|';

/**
 * The databases to measure: PGlite in memory, and a fresh PostgreSQL database when one is given.
 * `openAnother` connects again, as a second server instance would (PGlite: the same handle).
 */
export async function* benchDatabases(): AsyncGenerator<{
  label: string;
  database: DatabaseHandle;
  openAnother: () => Promise<DatabaseHandle>;
}> {
  // BENCH_DATABASES=postgres measures PostgreSQL only.
  if (process.env.BENCH_DATABASES !== 'postgres') {
    const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined });
    yield {
      label: 'PGlite',
      database: pglite,
      openAnother: async () => ({ ...pglite, close: async () => undefined }),
    };
  }
  // A database imported by an earlier run (BENCH_EXISTING_DATABASE_URL): measured as it is, kept.
  const existingUrl = process.env.BENCH_EXISTING_DATABASE_URL;
  if (existingUrl) {
    const open = () => openDatabase({ kind: 'postgres', url: existingUrl, maxConnections: 16 });
    yield { label: 'PostgreSQL (existing)', database: await open(), openAnother: open };
    return;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too.)');
    return;
  }
  const name = `gabarita_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    yield {
      label: 'PostgreSQL',
      database: await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 16 }),
      openAnother: () =>
        openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 16 }),
    };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * A Premium user who answered `answers` questions (7 in 10 right), signed in: returns the cookie.
 */
export async function benchStudent(db: Database, answers: number): Promise<string> {
  const user = await insertUser(db, {
    provider: 'password',
    email: `bench.${Date.now()}@exemplo.com`,
    name: 'Bench',
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
  });
  await createEntitlementsService(db).grantPremium(user.id, 30);
  const token = randomToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const ids = (
    await db
      .select({ id: questions.id })
      .from(questions)
      .limit(answers * 10)
  )
    .map((question) => question.id)
    .filter((_id, index) => index % 10 === 0);
  for (let start = 0; start < ids.length; start += 1000) {
    await db.insert(questionHistory).values(
      ids.slice(start, start + 1000).map((questionId, index) => ({
        userId: user.id,
        questionId,
        response: (start + index) % 10 < 7 ? ('c' as const) : ('e' as const),
        chosenLetter: 'A',
        answeredAt: new Date(),
      })),
    );
  }
  await db.execute(sql`analyze question_history`); // as autovacuum would, in steady state
  return `gabarita_session=${token}`;
}
