/**
 * `npx tsx apps/server/bench/import-event-loop.ts [folder]` — where an import blocks the event loop
 * on PGlite, which runs in the importing process (as in the server). Imports the folder twice (first
 * import, then a re-import) into a fresh PGlite data folder and reports, per phase of the import
 * (the progress lines), the event loop's delay (`monitorEventLoopDelay`) and every stretch of more
 * than BLOCK_MS (20) in which no timer could run, with the share of it spent inside PGlite's
 * synchronous `execProtocolRawSync` (the statements themselves), the CPU time this thread had in
 * it (on a busy machine a stretch can be the thread waiting for a core) and the garbage collector's
 * pauses; then the SQL of the calls into PGlite longer than LONG_STATEMENT_MS (40). Without a
 * folder, the synthetic catalogue with figures of `npm run bench:http` (360 questions, 600 images)
 * is written first. For the functions behind the stretches, run it with
 * `node --cpu-prof --import tsx ...` and summarize the profile with cpu-profile-summary.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import { synthesizeCatalog } from '../src/modules/content-import/synth/synthesize';

const BLOCK_MS = Number(process.env.BLOCK_MS ?? 20);
const folder = process.argv[2] ?? path.join(os.tmpdir(), 'gabarita-bench-images-6-360-600');
const figures = path.join(folder, 'imagens');
if (!process.argv[2] && (!fs.existsSync(figures) || fs.readdirSync(figures).length !== 600)) {
  console.log(`Writing the synthetic catalogue with figures to ${folder}...`);
  await synthesizeCatalog(folder, { exams: 6, questions: 360, images: 600 });
}

/**
 * CPU time of this thread (Linux: the main thread's task has the process id), in ms: on a busy
 * machine a stretch may be the scheduler's doing (the thread waiting for a core), not the import's.
 */
const stat = `/proc/self/task/${process.pid}/stat`;
const TICK_MS = 10; // USER_HZ 100
function threadCpuMs() {
  try {
    const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

// Time inside PGlite: every statement runs synchronously in this thread.
let inDatabase = 0;
let statements = 0;
/** The SQL of the statement being run (from its Parse or Query message), for the long ones. */
let currentSql = '';
const longStatements = new Map<string, { count: number; longest: number }>();
const LONG_STATEMENT_MS = Number(process.env.LONG_STATEMENT_MS ?? 40);
const decoder = new TextDecoder();
const prototype = PGlite.prototype as unknown as {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
};
const original = prototype.execProtocolRawSync;
prototype.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  const kind = String.fromCharCode(message[0] ?? 32);
  if (kind === 'P' || kind === 'Q') {
    // Parse: name\0 query\0 ...; Query: query\0.
    const body = decoder.decode(message.subarray(5, Math.min(message.length, 400)));
    currentSql = (kind === 'P' ? body.slice(body.indexOf('\0') + 1) : body).split('\0')[0]!;
  }
  const started = performance.now();
  try {
    return original.call(this, message);
  } finally {
    const ms = performance.now() - started;
    inDatabase += ms;
    statements += 1;
    if (ms > LONG_STATEMENT_MS) {
      const key = currentSql.replace(/\s+/g, ' ').slice(0, 90);
      const entry = longStatements.get(key) ?? { count: 0, longest: 0 };
      entry.count += 1;
      entry.longest = Math.max(entry.longest, ms);
      longStatements.set(key, entry);
    }
  }
};

/** Garbage collections (their pauses hold the event loop too), by the phase they happened in. */
let gcMs = 0;
let gcLongest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcLongest = Math.max(gcLongest, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

interface Phase {
  name: string;
  started: number;
  ended: number;
  histogram: ReturnType<typeof monitorEventLoopDelay>;
  blocks: { ms: number; inDatabase: number; cpu: number }[];
  inDatabase: number;
  gcMs: number;
  gcLongest: number;
}

async function measuredImport(
  label: string,
  run: (progress: (line: string) => void) => Promise<unknown>,
) {
  const phases: Phase[] = [];
  const begin = (name: string) => {
    const current = phases.at(-1);
    if (current) {
      current.histogram.disable();
      current.ended = performance.now();
      current.inDatabase = inDatabase - current.inDatabase;
      current.gcMs = gcMs - current.gcMs;
      current.gcLongest = gcLongest;
    }
    gcLongest = 0;
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    phases.push({
      name,
      started: performance.now(),
      ended: 0,
      histogram,
      blocks: [],
      inDatabase,
      gcMs,
      gcLongest: 0,
    });
  };
  // A timer every millisecond: a gap between two of them is time no callback could run.
  let last = performance.now();
  let databaseAtLast = inDatabase;
  let cpuAtLast = threadCpuMs();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    if (now - last > BLOCK_MS)
      phases.at(-1)?.blocks.push({
        ms: now - last,
        inDatabase: inDatabase - databaseAtLast,
        cpu: cpu - cpuAtLast,
      });
    last = now;
    databaseAtLast = inDatabase;
    cpuAtLast = cpu;
  }, 1);
  begin('start');
  const started = performance.now();
  statements = 0;
  const databaseBefore = inDatabase;
  longStatements.clear();
  await run((line) => {
    // Progress lines with counters ("12/600 imagens verificadas") stay in their phase.
    const name = line
      .trim()
      .replace(/^\d+\/\d+ /, '')
      .replace(/[\d.,]+ s\b/, '… s')
      // The last line before the transaction: what follows it, until the exams, is the images.
      .replace(/^Comentários:.*/, 'writing the images (after the line "Comentários: …")');
    if (name !== phases.at(-1)?.name) begin(name.slice(0, 60));
  });
  begin('end');
  clearInterval(ticker);
  phases.pop();
  const total = (performance.now() - started) / 1000;
  console.log(
    `\n## ${label}: ${total.toFixed(1)} s, ${statements} calls into PGlite, ${((inDatabase - databaseBefore) / 1000).toFixed(1)} s in them in all\n`,
  );
  console.log(
    '| phase | s | loop delay p50 / p99 / max (ms) | stretches > ' +
      `${BLOCK_MS} ms: count, longest, total (of it in PGlite; this thread's CPU) | GC: total, longest (ms) |\n|---|---|---|---|---|`,
  );
  for (const phase of phases) {
    const h = phase.histogram;
    const blocked = phase.blocks.reduce((sum, block) => sum + block.ms, 0);
    const blockedInDb = phase.blocks.reduce((sum, block) => sum + block.inDatabase, 0);
    const longest = Math.max(0, ...phase.blocks.map((block) => block.ms));
    const cpu = phase.blocks.reduce((sum, block) => sum + block.cpu, 0);
    console.log(
      `| ${phase.name} | ${((phase.ended - phase.started) / 1000).toFixed(1)} | ${(h.percentile(50) / 1e6).toFixed(0)} / ${(h.percentile(99) / 1e6).toFixed(0)} / ${(h.max / 1e6).toFixed(0)} | ${phase.blocks.length}, ${longest.toFixed(0)} ms, ${blocked.toFixed(0)} ms (${blockedInDb.toFixed(0)} ms; ${cpu.toFixed(0)} ms) | ${phase.gcMs.toFixed(0)}, ${phase.gcLongest.toFixed(0)} |`,
    );
  }
  console.log(
    `\n| calls into PGlite over ${LONG_STATEMENT_MS} ms: SQL | count | longest (ms) |\n|---|---|---|`,
  );
  for (const [key, entry] of [...longStatements].sort((a, b) => b[1].longest - a[1].longest))
    console.log(`| ${key} | ${entry.count} | ${entry.longest.toFixed(0)} |`);
}

// The server's data folder is on disk: so is this one.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-import-loop-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
try {
  await database.migrate();
  const service = createContentImportService(database.db);
  console.log(
    `# Event loop during an import of ${folder} (PGlite, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  await measuredImport('first import', (progress) => service.importContent(folder, progress));
  await measuredImport('re-import', (progress) => service.importContent(folder, progress));
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
