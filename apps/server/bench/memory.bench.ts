/**
 * npm run bench:memory — the resident memory of the BUILT server (`npm run build` first) holding the
 * demonstration catalogue: on the embedded PGlite (a fresh DATA_DIR) and on PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database). Each is started twice: the
 * first start imports the catalogue; the second is a server as it usually runs, after a restart.
 * After each start, the catalogue's reads (exam list, an exam, its questions) are asked a few times,
 * and the kernel's figures for the process are read: resident now (VmRSS) and its peak (VmHWM).
 * BENCH_EXISTING_DATABASE_URL measures a PostgreSQL database imported earlier instead (kept as it
 * is), and the reads include question searches: a large catalogue's serving memory.
 * Numbers go to docs/performance.md ("Memory of a server", "A million questions").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processMemory, serverArgs, startProcess } from './server-process';

const mainJs = path.resolve(import.meta.dirname, '../dist/main.js');
if (!fs.existsSync(mainJs)) throw new Error('Build the server first: npm run build');

async function readCatalogue(url: string) {
  for (let round = 0; round < 5; round++) {
    const exams = (await (await fetch(`${url}/api/exams`)).json()) as { items: { id: string }[] };
    for (const exam of exams.items.slice(0, 10)) {
      const detail = (await (await fetch(`${url}/api/exams/${exam.id}`)).json()) as {
        questions?: { id: string }[];
      };
      for (const question of (detail.questions ?? []).slice(0, 10))
        await fetch(`${url}/api/questions/${question.id}`);
    }
  }
  for (const words of TEXT_SEARCHES) {
    await fetch(`${url}/api/questions/search?${new URLSearchParams({ q: words })}`);
  }
}

const TEXT_SEARCHES = ['servidor', 'servidor público', 'licitação', 'xyzzy', 'prazo recurso'];

async function measure(label: string, env: Record<string, string>) {
  const rows: string[] = [];
  for (const start of ['first start (imports the catalogue)', 'after a restart']) {
    const server = await startProcess(serverArgs(mainJs, env), { NODE_ENV: 'development', ...env });
    const ready = processMemory(server.pid);
    await readCatalogue(server.url);
    const read = processMemory(server.pid);
    await server.stop();
    const mb = (value: number) => value.toFixed(0);
    rows.push(
      `| ${label} | ${start} | ${mb(ready.rssMb)} | ${mb(read.rssMb)} | ${mb(read.peakMb)} |`,
    );
  }
  return rows;
}

const rows: string[] = [];
const existingUrl = process.env.BENCH_EXISTING_DATABASE_URL;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (existingUrl) {
  rows.push(...(await measure('PostgreSQL (existing)', { DATABASE_URL: existingUrl })));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-memory-'));
  rows.push(...(await measure('PGlite', { DATA_DIR: dataDir })));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (adminUrl && !existingUrl) {
  const name = `gabarita_memory_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    rows.push(...(await measure('PostgreSQL', { DATABASE_URL: url.toString() })));
  } finally {
    await admin(`drop database ${name} with (force)`);
  }
}

console.log(`# Server memory (${os.cpus().length} cores, Node ${process.version})\n`);
console.log('| database | start | resident when ready (MB) | after the reads (MB) | peak (MB) |');
console.log('|---|---|---|---|---|');
for (const line of rows) console.log(line);
