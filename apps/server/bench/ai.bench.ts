/**
 * npm run bench:ai — the tutor's two budgets (docs/performance.md):
 * 1. a stored explanation served (POST /api/questions/:id/feedback, cache hit) through the whole
 *    HTTP stack, p50/p95/p99 at concurrency 1 and 4, on PGlite and PostgreSQL;
 * 2. the time to the first streamed text our server adds over the provider's own: a loopback
 *    OpenAI-compatible provider that answers after 50 ms is timed directly and through
 *    POST /api/questions/:id/chat over real HTTP (session, access, ledger reservation, prompt,
 *    AI SDK, SSE), in alternation.
 * BENCH_REQUESTS (default 300) cached requests per level; BENCH_STREAMS (default 60) streams.
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { hashToken, randomToken } from '../src/lib/tokens';
import { insertSession, insertUser } from '../src/modules/auth/auth.repo';
import { DEMO_CATALOG_DIR } from '../src/modules/content-import/demo-catalog';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import { createEntitlementsService } from '../src/modules/entitlements/entitlements.service';
import { createTokensService } from '../src/modules/tokens/tokens.service';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { startFakeOpenAi } from '../test/helpers/fake-ai-providers';
import { benchApp, benchDatabases, row, TABLE_HEADER, type BenchApp } from './harness';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 60);
const ORIGIN = 'http://localhost:3000';
const QUESTION = 'cmva_2017_professor_historia_prova_1';
const PROVIDER_DELAY_MS = 50;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

async function premiumSession(database: DatabaseHandle, email: string) {
  const user = await insertUser(database.db, {
    provider: 'password',
    email,
    name: 'Bench',
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
  });
  await createEntitlementsService(database.db).grantPremium(user.id, 30);
  await createTokensService(database.db).grantPackages(user.id, 20);
  const token = randomToken();
  await insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return `gabarita_session=${token}`;
}

const post = (app: BenchApp, url: string, cookie: string, body: unknown = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function measureCached(app: BenchApp, cookie: string, concurrency: number) {
  const timings: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < REQUESTS) {
      issued++;
      const started = performance.now();
      const response = await post(app, `/api/questions/${QUESTION}/feedback`, cookie);
      timings.push(performance.now() - started);
      if (response.statusCode !== 200 || !response.body.includes('"source":"cache"')) {
        throw new Error(`feedback: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summary(timings);
}

/** ms from sending the request to the first chunk carrying text, read with a stream reader. */
async function timeToFirstText(url: string, init: RequestInit, isText: (chunk: string) => boolean) {
  const started = performance.now();
  const response = await fetch(url, init);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let firstByte: number | undefined;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`no text from ${url}: ${buffer.slice(0, 300)}`);
    firstByte ??= performance.now() - started;
    buffer += value;
    if (isText(buffer)) {
      const firstText = performance.now() - started;
      await reader.cancel();
      return { firstByte, firstText };
    }
  }
}

console.log(`# AI tutor benchmark (${os.cpus().length} cores, Node ${process.version})`);
console.log(`\n## Stored explanation served (cache hit), ${REQUESTS} requests per level\n`);
console.log(TABLE_HEADER);
const provider = await startFakeOpenAi();
const streamRows: string[] = [];

for await (const { label, database } of benchDatabases()) {
  await database.migrate();
  await createContentImportService(database.db).importContent(DEMO_CATALOG_DIR);

  // 1. Cached explanation, with the offline tutor (it wrote the stored text once).
  const offline = await benchApp(database);
  await offline.ready();
  const reader = await premiumSession(database, 'leitor@exemplo.com');
  await post(offline, `/api/questions/${QUESTION}/check`, reader, { letter: 'D' });
  const written = await post(offline, `/api/questions/${QUESTION}/feedback`, reader);
  if (!written.body.includes('event: done')) throw new Error(written.body.slice(0, 300));
  for (const concurrency of [1, 4]) {
    console.log(
      row(
        `${label}: cached explanation`,
        concurrency,
        await measureCached(offline, reader, concurrency),
      ),
    );
  }
  await offline.close();

  // 2. First streamed text through our server against the provider's own.
  const base = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await benchApp(database, {
    ai: {
      ...base.ai,
      provider: 'openai-compatible',
      model: 'modelo-local',
      baseUrl: provider.url,
      maxRetries: 0,
      images: false,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const student = await premiumSession(database, 'aluno@exemplo.com');
  await post(app, `/api/questions/${QUESTION}/check`, student, { letter: 'D' });
  provider.script({
    chunks: Array.from({ length: 20 }, (_, index) => `parte ${index} `),
    firstChunkDelayMs: PROVIDER_DELAY_MS,
    chunkDelayMs: 2,
  });
  const direct = () =>
    timeToFirstText(
      `${provider.url}/chat/completions`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'modelo-local',
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: 'Explique a questão.' }],
        }),
      },
      (text) => /"content":"[^"]/.test(text),
    );
  const ours = () =>
    timeToFirstText(
      `${server}/api/questions/${QUESTION}/chat`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: student, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Por que a alternativa D?' }),
      },
      (text) => text.includes('event: delta'),
    );
  for (let warm = 0; warm < 5; warm++) await ours();
  const added: number[] = [];
  const providerOwn: number[] = [];
  const oursFirstByte: number[] = [];
  for (let index = 0; index < STREAMS; index++) {
    const own = await direct();
    const through = await ours();
    providerOwn.push(own.firstText);
    oursFirstByte.push(through.firstByte);
    added.push(through.firstText - own.firstText);
  }
  streamRows.push(
    row(`${label}: provider's own first text`, 1, summary(providerOwn)),
    row(`${label}: our first byte (headers and meta event)`, 1, summary(oursFirstByte)),
    row(`${label}: first text added by our server`, 1, summary(added)),
  );
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
  await database.close();
}

console.log(
  `\n## Time to the first streamed text (provider answers after ${PROVIDER_DELAY_MS} ms), ${STREAMS} streams\n`,
);
console.log(TABLE_HEADER);
for (const line of streamRows) console.log(line);
await provider.stop();
