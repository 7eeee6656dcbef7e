/**
 * npm run bench:http — the hot read path over real HTTP: autocannon (32 connections) against the
 * BUILT server (apps/server/dist, `npm run build` first) as signed-in Premium users (BENCH_USERS, 8,
 * each request with the next one's cookie), and against a
 * bare Fastify route answering a static 15-item JSON list, measured in the same run so the figures
 * can be read as a ratio that survives a noisy machine. PGlite always; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Then the search on a synthetic catalogue
 * (BENCH_QUESTIONS, 100,000), and the search while that catalogue is imported again. Last, the
 * readers' latency on GET /api/exams while a catalogue with figures (BENCH_IMAGE_QUESTIONS, 360
 * questions, with BENCH_IMAGES, 600 images: scans and charts of realistic sizes) is imported into
 * the demo catalogue and then imported again.
 *
 * BENCH_SECONDS (8) per route, BENCH_CONNECTIONS (32), BENCH_ONLY=demo|synthetic|images for one part,
 * BENCH_CPU_PROF=<dir> to write a --cpu-prof of the server. BENCH_EXISTING_DATABASE_URL measures
 * the synthetic part on a PostgreSQL database that already holds that catalogue (imported earlier,
 * kept): a million questions without a first import. BENCH_IMPORT_DIR imports another folder while
 * reading (`content:synth --seed`: the same ids, every text changed), and BENCH_IMPORT_SECONDS stops
 * that import after so many seconds (rolled back: the database stays as it was, and the next run
 * measures the same import). Numbers go to docs/performance.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import {
  synthesizeCatalog,
  writeSyntheticCatalog,
} from '../src/modules/content-import/synth/synthesize';
import { ResponseLog, watchOwnPauses } from './response-log';
import { processMemory, serverArgs, startProcess } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 8);
const EXAMS = Number(process.env.BENCH_EXAMS ?? 5000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const IMAGE_EXAMS = Number(process.env.BENCH_IMAGE_EXAMS ?? 6);
const IMAGE_QUESTIONS = Number(process.env.BENCH_IMAGE_QUESTIONS ?? 360);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 600);
const ONLY = process.env.BENCH_ONLY;
/** The folder imported while reading (another version of the same catalogue), and for how long. */
const IMPORT_DIR = process.env.BENCH_IMPORT_DIR;
const IMPORT_SECONDS = process.env.BENCH_IMPORT_SECONDS
  ? Number(process.env.BENCH_IMPORT_SECONDS)
  : undefined;
/** The issue's budget for the search's p99 while an import runs. */
const IMPORT_P99_BUDGET_MS = 100;
/** The benchmark's own garbage-collection pauses listed beside the readers' figures. */
const OWN_PAUSE_REPORTED_MS = 50;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const serverDir = path.resolve(import.meta.dirname, '..');
const mainJs = path.join(serverDir, 'dist/main.js');
const opsJs = path.join(serverDir, 'dist/ops.js');
// Browsers send this; compression is part of the cost of an answer.
const ACCEPT = { 'accept-encoding': 'br, gzip' };

if (!fs.existsSync(mainJs)) throw new Error('Build the server first: npm run build');

/** The bare route: what Fastify itself costs here, the 100% of every ratio. */
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
const items = Array.from({ length: 15 }, (_, i) => ({ id: 'prova_' + i, cargo: 'Professor', ano: '2024', questionCount: 60 }));
app.get('/api/health', async () => ({ ok: true }));
app.get('/bare', async () => ({ items }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function startBare() {
  const file = path.join(serverDir, 'bench', '.bare-server.mjs');
  fs.writeFileSync(file, BARE_SERVER);
  return startProcess([file], {});
}

function startServer(env: Record<string, string>) {
  const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  return startProcess([...profile, ...serverArgs(mainJs, env)], {
    NODE_ENV: 'development',
    ...env,
  });
}

/**
 * Runs an operator command. `echo` prints its progress lines with the clock time (to line them up
 * with the readers' windows); `stopAfterSeconds` ends it then, so that its transaction is rolled
 * back and the database stays as it was.
 */
function runOps(
  args: string[],
  env: Record<string, string>,
  { echo = false, stopAfterSeconds }: { echo?: boolean; stopAfterSeconds?: number } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opsJs, ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', echo ? 'pipe' : 'ignore', 'inherit'],
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean))
        console.log(`  [${new Date().toISOString()}] ${line}`);
    });
    let stopped = false;
    const stop = stopAfterSeconds
      ? setTimeout(() => {
          stopped = true;
          child.kill('SIGTERM');
        }, stopAfterSeconds * 1000)
      : undefined;
    child.once('exit', (code) => {
      clearTimeout(stop);
      if (code === 0) resolve();
      else if (stopped) reject(new Error(`stopped after ${stopAfterSeconds} s, rolled back`));
      else reject(new Error(`ops ${args[0]}: ${code}`));
    });
  });
}

/** A Premium account signed in through the API, as the web app does it. */
async function premiumCookie(url: string, env: Record<string, string>, index: number) {
  const email = `bench.${Date.now()}.${index}@exemplo.com.br`;
  const password = 'senha-de-bench-1';
  const post = (pathname: string, body: unknown, cookie?: string) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: {
        origin: url,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  await post('/api/auth/signup', { name: 'Bench', email, password });
  const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as {
    messages: { to: string; text: string }[];
  };
  const message = outbox.messages.find((m) => m.to === email);
  const oobCode = /oobCode=([^&\s"]+)/.exec(message?.text ?? '')?.[1];
  if (!oobCode) throw new Error('no verification link');
  await post('/api/auth/action/verify-email', { oobCode: decodeURIComponent(oobCode) });
  await runOps(['user:grant-premium', email, '30'], env);
  const login = await post('/api/auth/login', { email, password });
  const cookie = /gabarita_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

/** The cookies of USERS Premium accounts, handed out in turn. */
async function premiumCookies(url: string, env: Record<string, string>) {
  const cookies = await Promise.all(
    Array.from({ length: USERS }, (_, index) => premiumCookie(url, env, index)),
  );
  let turn = 0;
  return { first: cookies[0]!, next: () => cookies[turn++ % cookies.length]! };
}

type Cookies = Awaited<ReturnType<typeof premiumCookies>>;

/**
 * Cookies of the same shape for the bare route, so that autocannon does the same work per request
 * on both sides of the ratio.
 */
function bareCookies(): Cookies {
  const cookies = Array.from(
    { length: USERS },
    (_, index) => `gabarita_session=${String(index).padStart(43, 'x')}`,
  );
  let turn = 0;
  return { first: cookies[0]!, next: () => cookies[turn++ % cookies.length]! };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    cookies?: Cookies;
  } = {},
): Promise<Measured> {
  const { cookies } = options;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: options.method ?? 'GET',
    headers: { ...ACCEPT, ...options.headers },
    body: options.body,
    ...(cookies
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, cookie: cookies.next() },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const table: string[] = [];
function record(label: string, name: string, measured: Measured, bare: number) {
  const line = `| ${label} | ${name} | ${measured.rps.toFixed(0)} | ${((measured.rps / bare) * 100).toFixed(1)} % | ${measured.p50} | ${measured.p99} | ${measured.errors} |`;
  table.push(line);
  console.log(line);
}

interface Target {
  label: string;
  env: Record<string, string>;
  /** Prepares an empty database (PostgreSQL) or data folder (PGlite); an existing one keeps its data. */
  fresh(): Promise<void>;
  dispose(): Promise<void>;
  /** Holds the synthetic catalogue already. */
  imported?: boolean;
}

function existingTarget(url: string): Target {
  return {
    label: 'PostgreSQL (existing)',
    env: { DATABASE_URL: url },
    imported: true,
    // Each run signs its readers up from the loopback address, which may do so 20 times an hour.
    async fresh() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`delete from rate_limits where key like 'signup:%'`);
      await client.end();
    },
    dispose: async () => undefined,
  };
}

function pgliteTarget(): Target {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-http-bench-'));
  return {
    label: 'PGlite',
    env: { DATA_DIR: dataDir },
    async fresh() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresTarget(adminUrl: string): Target {
  const name = `gabarita_http_bench_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    async fresh() {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
    },
    dispose: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function importDirect(target: Target, dir: string) {
  const database = await openDatabase(
    target.env.DATABASE_URL
      ? { kind: 'postgres', url: target.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(target.env.DATA_DIR!, 'pgdata') },
  );
  try {
    await database.migrate();
    await createContentImportService(database.db).importContent(dir);
  } finally {
    await database.close();
  }
}

async function firstQuestionId(url: string, cookie: string) {
  const search = (await (await fetch(`${url}/api/exams`, { headers: { cookie } })).json()) as {
    items: { id: string }[];
  };
  const exam = (await (
    await fetch(`${url}/api/exams/${search.items[0]!.id}`, { headers: { cookie } })
  ).json()) as { questions: { id: string; status: string }[] };
  return exam.questions.find((question) => question.status !== 'annulled')!.id;
}

async function threeFilters(url: string) {
  const search = (await (await fetch(`${url}/api/exams`)).json()) as {
    facets: Record<string, { value: string }[]>;
  };
  const pick = (key: string) => search.facets[key]![0]!.value;
  return new URLSearchParams({
    disciplina: pick('disciplina'),
    ano: pick('ano'),
    nivel: pick('nivel'),
  }).toString();
}

async function hotRoutes(target: Target, bareRps: number, size: string, searchOnly: boolean) {
  const server = await startServer(target.env);
  try {
    const cookies = await premiumCookies(server.url, target.env);
    const routes: [string, string][] = [
      ['GET /api/exams', '/api/exams'],
      [
        'GET /api/exams?disciplina',
        `/api/exams?disciplina=${searchOnly ? 'matematica' : 'portugues'}`,
      ],
      ['GET /api/exams (3 filters)', `/api/exams?${await threeFilters(server.url)}`],
    ];
    const questionId = await firstQuestionId(server.url, cookies.first);
    if (!searchOnly) {
      routes.push(
        ['GET /api/questions/:id', `/api/questions/${questionId}`],
        ['GET /api/auth/session', '/api/auth/session'],
      );
    }
    for (const [name, pathname] of routes) {
      record(
        `${target.label}, ${size}`,
        name,
        await cannon(`${server.url}${pathname}`, { cookies }),
        bareRps,
      );
    }
    if (!searchOnly) {
      const check = await cannon(`${server.url}/api/questions/${questionId}/check`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        cookies,
        body: JSON.stringify({ letter: 'A' }),
      });
      record(`${target.label}, ${size}`, 'POST /api/questions/:id/check', check, bareRps);
    }
    return { server, cookies };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The serving instance's resident memory, in the table's columns. */
function recordMemory(target: Target, pid: number, when: string) {
  const { rssMb, peakMb } = processMemory(pid);
  const line = `| ${target.label} | server memory ${when} | resident ${rssMb.toFixed(0)} MB | peak ${peakMb.toFixed(0)} MB | | | |`;
  table.push(line);
  console.log(line);
}

/**
 * The search while the whole synthetic catalogue is imported again: the p99 of each 2-second window
 * of one run of readers. Readers started anew for each window would time their own start: with the
 * import holding a core, the first answers on their new connections took 250–530 ms on the client's
 * side, about 1 % of a window (docs/performance.md, "Import while reading").
 */
async function searchDuringImport(target: Target, url: string, cookies: Cookies, dir: string) {
  const measured = await readersDuring(url, cookies, () =>
    runOps(['content:import', IMPORT_DIR ?? dir], target.env, {
      echo: true,
      stopAfterSeconds: IMPORT_SECONDS,
    }),
  );
  const windows = new Map<number, number[]>();
  for (const { at, ms } of measured.latencies) {
    const window = Math.floor(at / 2) * 2;
    const list = windows.get(window);
    if (list) list.push(ms);
    else windows.set(window, [ms]);
  }
  const perWindow = [...windows].map(([at, list]) => ({ at, p99: percentileOf(list, 0.99) }));
  const over = perWindow
    .filter((window) => window.p99 > IMPORT_P99_BUDGET_MS)
    .map((window) => `${window.p99.toFixed(0)} ms at ${window.at} s`);
  const sorted = perWindow.map((window) => window.p99).sort((a, b) => a - b);
  // Every window, to set beside the import's progress (its phases) and the database's log.
  const windowsFile = path.join(os.tmpdir(), 'gabarita-bench-import-windows.json');
  fs.writeFileSync(windowsFile, JSON.stringify({ from: measured.from, windows: perWindow }));
  console.log(`each window's p99: ${windowsFile}`);
  const line = `| ${target.label} | search during an import of ${QUESTIONS} questions (${measured.seconds.toFixed(0)} s, ${measured.outcome}) | worst 2-s window p99 ${sorted.at(-1)?.toFixed(0)} ms | median window p99 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms | windows over ${IMPORT_P99_BUDGET_MS} ms: ${over.length} of ${perWindow.length}${over.length > 0 ? ` (${over.join(', ')})` : ''} | p99 ${measured.p99.toFixed(0)} ms, worst ${measured.max.toFixed(0)} ms (${measured.worst.join(', ')}) | ${measured.errors} errors, ${measured.ownPauses} |`;
  table.push(line);
  console.log(line);
}

/** The answer at `share` (0.99 for p99) of a list of latencies. */
function percentileOf(latencies: ArrayLike<number>, share: number) {
  return percentileOfSorted(Float64Array.from(latencies).sort(), share);
}

function percentileOfSorted(sorted: ArrayLike<number>, share: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

/**
 * Readers on GET /api/exams (CONNECTIONS, signed in) for as long as `work` runs: every response's
 * latency, so that p99 and the worst are those of the whole import.
 */
async function readersDuring(url: string, cookies: Cookies, work: () => Promise<void>) {
  const latencies = new ResponseLog();
  let errors = 0;
  let started = performance.now();
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const readers = autocannon(
    {
      url: `${url}/api/exams`,
      connections: CONNECTIONS,
      duration: 24 * 3600,
      headers: ACCEPT,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, cookie: cookies.next() },
          }),
        },
      ],
    },
    () => finished(),
  );
  let measuring = false;
  readers.on('response', (_client, statusCode, _bytes, ms) => {
    if (!measuring) return;
    latencies.push((performance.now() - started) / 1000, ms);
    if (statusCode !== 200) errors += 1;
  });
  // A second for the connections to open and settle, left out.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  measuring = true;
  started = performance.now();
  const ownPauses = watchOwnPauses(started, OWN_PAUSE_REPORTED_MS);
  // Seconds in the table count from here; the clock time lines them up with the database's log.
  const from = new Date().toISOString();
  console.log(`readers measured from ${from}`);
  let outcome = 'done';
  try {
    await work();
  } catch (error) {
    outcome = `failed: ${(error as Error).message}`;
  }
  const seconds = (performance.now() - started) / 1000;
  readers.stop();
  await done;
  const pauses = ownPauses.stop();
  const sorted = latencies.sortedMs();
  const percentile = (share: number) => percentileOfSorted(sorted, share);
  // The worst of each second: a stall delays every connection at once.
  const worstBySecond = new Map<number, number>();
  for (const { at, ms } of latencies)
    worstBySecond.set(Math.floor(at), Math.max(ms, worstBySecond.get(Math.floor(at)) ?? 0));
  const worst = [...worstBySecond]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([second, ms]) => `${ms.toFixed(0)} ms at ${second} s`);
  return {
    from,
    outcome,
    seconds,
    requests: sorted.length,
    errors,
    p50: percentile(0.5),
    p99: percentile(0.99),
    max: sorted.at(-1) ?? NaN,
    over: sorted.filter((ms) => ms > IMPORT_P99_BUDGET_MS).length,
    worst,
    latencies,
    ownPauses: `load generator's longest pause ${pauses.longest.toFixed(0)} ms${pauses.long.length > 0 ? ` (${pauses.long.map((pause) => `${pause.ms.toFixed(0)} ms at ${pause.at.toFixed(0)} s`).join(', ')})` : ''}`,
  };
}

/**
 * The readers while a catalogue with figures is imported (into the demo catalogue), then imported
 * again: through the running server on PGlite, in its own process on PostgreSQL, as an operator does.
 */
async function readersDuringImageImports(target: Target, dir: string, megabytes: string) {
  await target.fresh();
  const server = await startServer(target.env);
  try {
    const cookies = await premiumCookies(server.url, target.env);
    // The catalogue's index is built by the first search, not by the import being measured.
    await fetch(`${server.url}/api/exams`, { headers: { cookie: cookies.first } });
    // The same readers with no import: what the machine itself gives (a shared machine's noise).
    const runs: [string, () => Promise<void>][] = [
      ['no import (15 s)', () => new Promise((resolve) => setTimeout(resolve, 15_000))],
      [
        `the first import of ${IMAGE_QUESTIONS} questions with ${IMAGES} images (${megabytes} MB)`,
        () => runOps(['content:import', dir], target.env),
      ],
      ['the re-import of the same folder', () => runOps(['content:import', dir], target.env)],
    ];
    for (const [run, work] of runs) {
      const measured = await readersDuring(server.url, cookies, work);
      const line = `| ${target.label} | GET /api/exams during ${run}, ${measured.seconds.toFixed(0)} s, ${measured.outcome} | ${measured.requests} requests, ${measured.errors} errors | p50 ${measured.p50.toFixed(0)} ms | p99 ${measured.p99.toFixed(0)} ms | worst ${measured.max.toFixed(0)} ms | over ${IMPORT_P99_BUDGET_MS} ms: ${measured.over} (${measured.worst.join(', ')}), ${measured.ownPauses} |`;
      table.push(line);
      console.log(line);
    }
  } finally {
    await server.stop();
  }
}

const bare = await startBare();
const measureBare = async () => {
  const measured = await cannon(`${bare.url}/bare`, { cookies: bareCookies() });
  table.push(
    `| bare Fastify | static 15-item list | ${measured.rps.toFixed(0)} | 100 % | ${measured.p50} | ${measured.p99} | ${measured.errors} |`,
  );
  console.log(table.at(-1));
  return measured.rps;
};

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// BENCH_DATABASES=postgres measures PostgreSQL only, as the other benchmarks do.
const existingUrl = process.env.BENCH_EXISTING_DATABASE_URL;
const targets = existingUrl
  ? [existingTarget(existingUrl)]
  : [
      ...(process.env.BENCH_DATABASES === 'postgres' ? [] : [pgliteTarget()]),
      ...(adminUrl ? [postgresTarget(adminUrl)] : []),
    ];
console.log(
  `# HTTP benchmark (${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s per route)\n`,
);
console.log('| database | route | req/s | of bare Fastify | p50 (ms) | p99 (ms) | errors |');
console.log('|---|---|---|---|---|---|---|');
try {
  for (const target of targets) {
    if (!target.imported && (ONLY === undefined || ONLY === 'demo')) {
      await target.fresh();
      const bareRps = await measureBare();
      const { server } = await hotRoutes(target, bareRps, 'demo', false);
      await server.stop();
    }
    if (ONLY === undefined || ONLY === 'synthetic') {
      const dir = path.join(os.tmpdir(), `gabarita-bench-${EXAMS}-${QUESTIONS}`);
      if (!fs.existsSync(path.join(dir, 'disciplinas.json')))
        writeSyntheticCatalog(dir, { exams: EXAMS, questions: QUESTIONS });
      await target.fresh();
      if (!target.imported) await importDirect(target, dir);
      const bareRps = await measureBare();
      const { server, cookies } = await hotRoutes(target, bareRps, `${QUESTIONS} questions`, true);
      try {
        recordMemory(target, server.pid, `after the reads of ${QUESTIONS} questions`);
        await searchDuringImport(target, server.url, cookies, dir);
        recordMemory(target, server.pid, 'after the import while reading');
      } finally {
        await server.stop();
      }
    }
    if (!target.imported && (ONLY === undefined || ONLY === 'images')) {
      const dir = path.join(
        os.tmpdir(),
        `gabarita-bench-images-${IMAGE_EXAMS}-${IMAGE_QUESTIONS}-${IMAGES}`,
      );
      const imagesDir = path.join(dir, 'imagens');
      if (!fs.existsSync(imagesDir) || fs.readdirSync(imagesDir).length !== IMAGES) {
        await synthesizeCatalog(dir, {
          exams: IMAGE_EXAMS,
          questions: IMAGE_QUESTIONS,
          images: IMAGES,
        });
      }
      const bytes = fs
        .readdirSync(imagesDir)
        .reduce((sum, name) => sum + fs.statSync(path.join(imagesDir, name)).size, 0);
      await readersDuringImageImports(target, dir, (bytes / 1024 / 1024).toFixed(0));
    }
    await target.dispose();
  }
} finally {
  await bare.stop();
  fs.rmSync(path.join(serverDir, 'bench', '.bare-server.mjs'), { force: true });
}
console.log(`\n${table.join('\n')}`);
