/**
 * npm run bench:metrics — the aggregates of GET /api/admin/metrics (/admin/numeros) over a year
 * and a month, with 1,000,000 purchases over two years, ~440,000 AI usage rows and 20,000 accounts,
 * written with INSERT … SELECT generate_series. Timed twice: on the schema as it is, then with the
 * indexes docs/performance.md ("Business numbers") proposes. On PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a fresh PostgreSQL database
 * (BENCH_DATABASES=postgres: PostgreSQL only). BENCH_PURCHASES and BENCH_RUNS change the sizes.
 */
import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, saoPauloDay } from '../src/lib/clock';
import {
  accountFigures,
  aiDays,
  productTotals,
  purchaseDays,
} from '../src/modules/operations-metrics/operations-metrics.repo';
import { createOperationsMetricsService } from '../src/modules/operations-metrics/operations-metrics.service';
import { benchDatabases } from './harness';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ACCOUNTS = 20_000;
const AI_USERS = 200;
const DAYS = 730;
/** Sizes go into the SQL as literals, so PostgreSQL knows their types. */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(
  `# Business numbers benchmark (${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}, Node ${process.version}); ${PURCHASES.toLocaleString('en')} purchases, ${RUNS} runs`,
);

for await (const { label, database } of benchDatabases()) {
  await database.migrate();
  const { db } = database;
  const filling = performance.now();
  await db.execute(sql`
    insert into users (provider, email, name, password_hash, email_verified_at, created_at)
    select 'password', 'bench' || g || '@exemplo.com', 'Bench ' || g, 'x', now(),
      now() - (${n(DAYS)} * random()) * interval '1 day'
    from generate_series(1, ${n(ACCOUNTS)}) g`);
  await db.execute(sql`
    insert into entitlements (user_id, premium_until)
    select id, now() + (random() * 60 - 30) * interval '1 day'
    from users where random() < 0.3`);
  // 70% paid, 10% expired, 5% failed, 5% rejected/cancelled, 10% paid then refunded 3 days later.
  await db.execute(sql`
    with ids as (select array_agg(id) as ids from users),
    rows as (
      select g, ids.ids[1 + (g % ${n(ACCOUNTS)})] as user_id,
        now() - (${n(DAYS)} * random()) * interval '1 day' as created_at
      from generate_series(1, ${n(PURCHASES)}) g, ids
    )
    insert into purchases (user_id, product_type, product_id, product_name, price_centavos,
      plan_days, status, provider, expires_at, paid_at, granted_at, reversed_at, created_at,
      updated_at)
    select user_id,
      case when g % 3 = 0 then 'package' else 'plan' end,
      case when g % 3 = 0 then 'tokens' when g % 3 = 1 then 'mensal' else 'anual' end,
      case when g % 3 = 0 then 'Pacote de tokens' when g % 3 = 1 then 'Mensal' else 'Anual' end,
      case when g % 3 = 0 then 1990 when g % 3 = 1 then 3490 else 29990 end,
      case when g % 3 = 0 then null when g % 3 = 1 then 30 else 365 end,
      case when g % 20 < 14 then 'paid' when g % 20 < 16 then 'expired' when g % 20 = 16 then 'failed'
        when g % 20 = 17 then 'cancelled' else 'refunded' end,
      'sandbox', created_at + interval '30 minutes',
      case when g % 20 < 14 or g % 20 >= 18 then created_at + interval '2 minutes' end,
      case when g % 20 < 14 or g % 20 >= 18 then created_at + interval '2 minutes' end,
      case when g % 20 >= 18 then created_at + interval '3 days' end,
      created_at, created_at
    from rows`);
  await db.execute(sql`
    insert into token_usage (user_id, day, feature, calls, input_tokens, output_tokens,
      input_cost_micro_usd, output_cost_micro_usd)
    select u.id, d::date, f, 3, 3000, 900, 1500, 2700
    from (select id from users limit ${n(AI_USERS)}) u,
      generate_series(current_date - ${n(DAYS)}, current_date - 1, interval '1 day') d,
      unnest(array['feedback', 'chat', 'didactic']) f`);
  await db.execute(sql`
    insert into operator_ai_usage (day, task, calls, input_tokens, output_tokens,
      input_cost_micro_usd, output_cost_micro_usd)
    select d::date, 'comment_drafts', 40, 400000, 90000, 200000, 360000
    from generate_series(current_date - ${n(DAYS)}, current_date - 1, interval '1 day') d`);
  await db.execute(sql`vacuum analyze`); // as autovacuum would, in steady state
  console.log(`\n## ${label}: filled in ${((performance.now() - filling) / 1000).toFixed(0)} s`);

  const service = createOperationsMetricsService({ db, usdBrlRate: 5.5 });
  const today = saoPauloDay();
  const time = async (days: number) => {
    const query = { de: addDays(today, -(days - 1)), ate: today };
    await service.metrics(query); // warm-up
    const timings: number[] = [];
    let result;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      result = await service.metrics(query);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    return {
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      approved: result!.summary.approved,
    };
  };

  console.log('| indexes | period | p50 (ms) | p95 (ms) | approved purchases in period |');
  console.log('|---|---|---|---|---|');
  // Migration 0026's indexes serve every query.
  for (const indexes of ['as migrated'] as const) {
    for (const days of [30, 365]) {
      const t = await time(days);
      if (process.env.BENCH_BREAKDOWN) {
        const de = addDays(today, -(days - 1));
        const parts = {
          purchaseDays: () => purchaseDays(db, de, today),
          productTotals: () => productTotals(db, de, today),
          aiDays: () => aiDays(db, de, today),
          accountFigures: () => accountFigures(db, de, today, today),
        };
        if (process.env.BENCH_EXPLAIN) {
          const explaining = {
            execute: (query: SQL) => db.execute(sql`explain (analyze, costs off) ${query}`),
          } as unknown as typeof db;
          for (const rows of [
            await purchaseDays(explaining, de, today),
            await productTotals(explaining, de, today),
          ]) {
            console.log(rows.map((row) => Object.values(row).join('')).join('\n'));
          }
        }
        for (const [name, run] of Object.entries(parts)) {
          const started = performance.now();
          await run();
          console.log(`  ${name}: ${(performance.now() - started).toFixed(1)} ms`);
        }
      }
      console.log(
        `| ${indexes} | ${days} days | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.approved.toLocaleString('en')} |`,
      );
    }
  }
  await database.close();
}
