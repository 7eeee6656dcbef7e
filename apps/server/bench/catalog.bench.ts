/**
 * npm run bench:catalog — exam search (with facets) and question pages over a synthetic catalogue of
 * 5,000 exams and 100,000 questions, on PGlite and on PostgreSQL (when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL points at a server whose user can create databases). Prints p50/p95/p99 at
 * concurrency 1, 4 and 16. Numbers go to docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { importContent } from '../src/modules/catalog/import/content-import.service';
import { writeSyntheticCatalog } from '../src/modules/catalog/synth/synthesize';

const EXAMS = Number(process.env.BENCH_EXAMS ?? 5000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const REQUESTS_PER_LEVEL = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = [1, 4, 16];

const SEARCHES: Record<string, string> = {
  'sem filtro': '/api/exams',
  cargo: '/api/exams?cargo=Professor',
  'cargo+banca+ano': `/api/exams?cargo=Professor&instituicao=${encodeURIComponent('Banca Sintética C')}&ano=2015`,
  disciplina: '/api/exams?disciplina=matematica',
  'disciplina+assunto': `/api/exams?disciplina=matematica&assunto=${encodeURIComponent('Assunto 3 de Matemática')}`,
  'assunto sozinho': `/api/exams?assunto=${encodeURIComponent('Assunto 5 de História')}`,
  'página 3': '/api/exams?cursor=MzA',
  'questões da disciplina (página 10)': `/api/disciplines/portugues/questions?assunto=${encodeURIComponent('Assunto 2 de Língua Portuguesa')}`,
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  app: Awaited<ReturnType<typeof buildApp>>,
  url: string,
  concurrency: number,
) {
  const timings: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < REQUESTS_PER_LEVEL) {
      issued++;
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url });
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

async function run(label: string, database: DatabaseHandle, dir: string) {
  await database.migrate();
  const started = performance.now();
  await importContent(database.db, dir);
  console.log(
    `\n## ${label}: importação de ${EXAMS} provas / ${QUESTIONS} questões em ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp(
    {
      ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      webDistDir: path.join(os.tmpdir(), 'sem-web'),
    },
    { database },
  );
  await app.ready();
  console.log(
    '\n| consulta | concorrência | p50 (ms) | p95 (ms) | p99 (ms) |\n|---|---|---|---|---|',
  );
  for (const [name, url] of Object.entries(SEARCHES)) {
    await measure(app, url, 4); // warm-up
    for (const concurrency of CONCURRENCY) {
      const { p50, p95, p99 } = await measure(app, url, concurrency);
      console.log(
        `| ${name} | ${concurrency} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${p99.toFixed(1)} |`,
      );
    }
  }
  await app.close();
  await database.close();
}

const dir = path.join(os.tmpdir(), `gabarita-bench-${EXAMS}-${QUESTIONS}`);
if (!fs.existsSync(path.join(dir, 'disciplinas.json')))
  writeSyntheticCatalog(dir, { exams: EXAMS, questions: QUESTIONS });
console.log(`# Benchmark do catálogo (${os.cpus().length} núcleos, Node ${process.version})`);

await run('PGlite', await openDatabase({ kind: 'pglite', dataDir: undefined }), dir);

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `gabarita_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run(
      'PostgreSQL',
      await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 16 }),
      dir,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\n(PostgreSQL: defina BENCH_DATABASE_URL ou TEST_DATABASE_URL para medir também.)');
}
