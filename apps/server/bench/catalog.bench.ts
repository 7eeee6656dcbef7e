/**
 * npm run bench:catalog — exam search (with facets), question pages and question search (full text
 * and filters, with a user who answered 2,000 questions) over a synthetic catalogue of 5,000 exams
 * and 100,000 questions, on PGlite and on PostgreSQL (when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL points at a server whose user can create databases). Prints p50/p95/p99 at
 * concurrency 1, 4 and 16, then text searches of every kind together at 32 connections (req/s).
 * Numbers go to docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, executeRows } from '../src/db/client';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import { writeSyntheticCatalog } from '../src/modules/content-import/synth/synthesize';
import {
  type BenchApp,
  benchApp,
  benchDatabases,
  benchStudent,
  measure,
  row,
  TABLE_HEADER,
} from './harness';

const EXAMS = Number(process.env.BENCH_EXAMS ?? 5000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const QUERIES: Record<string, string> = {
  'no filter': '/api/exams',
  cargo: '/api/exams?cargo=Professor',
  'cargo+banca+ano': `/api/exams?cargo=Professor&instituicao=${encodeURIComponent('Banca Sintética C')}&ano=2015`,
  disciplina: '/api/exams?disciplina=matematica',
  'disciplina+assunto': `/api/exams?disciplina=matematica&assunto=${encodeURIComponent('Assunto 3 de Matemática')}`,
  'subject alone': `/api/exams?assunto=${encodeURIComponent('Assunto 5 de História')}`,
  'page 3': '/api/exams?cursor=MzA',
  'discipline questions (page of 10)': `/api/disciplines/portugues/questions?assunto=${encodeURIComponent('Assunto 2 de Língua Portuguesa')}`,
};

/** Question search; the words range from very common to rare in the synthetic statements. */
const q = (words: string) => `/api/questions/search?q=${encodeURIComponent(words)}`;
const SEARCHES: Record<string, string> = {
  'search: no text, no filter': '/api/questions/search',
  'search: common word': q('administração'),
  'search: rare word, unaccented': q('convalidacao'),
  'search: two words': q('licitação contrato'),
  'search: phrase': q('"recursos hídricos"'),
  'search: word + banca + ano': `${q('servidor')}&instituicao=${encodeURIComponent('Banca Sintética C')}&ano=2015`,
  'search: word + disciplina + assunto': `${q('prazo')}&disciplina=matematica&assunto=${encodeURIComponent('Assunto 3 de Matemática')}`,
  'search: word + errei': `${q('lei')}&status=errei`,
  'search: nao-resolvidas': '/api/questions/search?status=nao-resolvidas',
  'search: word + nao-resolvidas': `${q('princípio')}&status=nao-resolvidas`,
  'search: no match (xyzzy)': q('xyzzy'),
  // Made up anew each run, so it is in no statement and in no statistics.
  'search: made-up word, no match': q(madeUpWord()),
};

/** Five syllables with a 'k': the synthetic long tail has three and none with a 'k'. */
function madeUpWord() {
  const syllable = () =>
    'bcdfgklmnprstv'[Math.floor(Math.random() * 14)]! + 'aeiou'[Math.floor(Math.random() * 5)]!;
  return `k${Array.from({ length: 5 }, syllable).join('')}`;
}

/** 32 connections at once over text searches of every kind, 4 on each query. */
const MIXED_SEARCHES = [
  'search: common word',
  'search: rare word, unaccented',
  'search: two words',
  'search: phrase',
  'search: word + errei',
  'search: word + nao-resolvidas',
  'search: no match (xyzzy)',
  'search: made-up word, no match',
];
const ANSWERS = 2000;

// v2: statements of real words (text search).
const dir = path.join(os.tmpdir(), `gabarita-bench-v3-${EXAMS}-${QUESTIONS}`);
if (!process.env.BENCH_EXISTING_DATABASE_URL && !fs.existsSync(path.join(dir, 'disciplinas.json')))
  writeSyntheticCatalog(dir, { exams: EXAMS, questions: QUESTIONS });
console.log(`# Catalogue benchmark (${os.cpus().length} cores, Node ${process.version})`);

async function measureMixedSearches(app: BenchApp, cookie: string) {
  const started = performance.now();
  const results = await Promise.all(
    MIXED_SEARCHES.map((name) =>
      measure(app, SEARCHES[name]!, { concurrency: 4, requests: REQUESTS, cookie }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  MIXED_SEARCHES.forEach((name, index) => console.log(row(`${name} (mixed)`, 32, results[index]!)));
  const all = results.map((result) => result.p99);
  console.log(
    `\nMixed text searches at 32 connections: ${((MIXED_SEARCHES.length * REQUESTS) / seconds).toFixed(0)} req/s, worst p99 ${Math.max(...all).toFixed(1)} ms`,
  );
}

const questionCount = async ({ db }: DatabaseHandle) =>
  (await executeRows<{ count: number }>(db, sql`select count(*)::int as count from questions`))[0]!
    .count;

for await (const { label, database } of benchDatabases()) {
  await database.migrate();
  if (process.env.BENCH_EXISTING_DATABASE_URL) {
    console.log(`\n## ${label}: ${await questionCount(database)} questions, imported earlier\n`);
  } else {
    const started = performance.now();
    await createContentImportService(database.db).importContent(dir);
    console.log(
      `\n## ${label}: import of ${EXAMS} exams / ${QUESTIONS} questions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
  const cookie = await benchStudent(database.db, ANSWERS);
  const app = await benchApp(database);
  console.log(TABLE_HEADER);
  // BENCH_ONLY=search measures only the queries whose name contains it.
  const only = process.env.BENCH_ONLY ?? '';
  const queries = [...Object.entries(QUERIES), ...Object.entries(SEARCHES)].filter(([name]) =>
    name.includes(only),
  );
  for (const [name, url] of queries) {
    // The first request after a catalogue change reads what later ones find kept.
    const first = await measure(app, url, { concurrency: 1, requests: 1, cookie });
    console.log(`| ${name} | first request | ${first.p50.toFixed(1)} | | |`);
    await measure(app, url, { concurrency: 4, requests: 20, cookie }); // warm-up
    for (const concurrency of [1, 4, 16]) {
      console.log(
        row(
          name,
          concurrency,
          await measure(app, url, { concurrency, requests: REQUESTS, cookie }),
        ),
      );
    }
  }
  if ('search: mixed'.includes(only)) {
    await measureMixedSearches(app, cookie);
  }
  await app.close();
  await database.close();
}
