/**
 * npm run bench:lighthouse — Lighthouse (performance, mobile settings) on the built app, in
 * Debian's Chromium: /login and / as a visitor (/ sends a visitor to /login, so it measures the
 * shell's start and the redirect), then / and /questoes signed in. Each page LIGHTHOUSE_RUNS times
 * (default 3); the median run by score is printed. Budget: score >= 95 (docs/performance.md).
 */
import os from 'node:os';
import { startAppServer } from '../e2e/support/app-server';
import { auditPage, type PageMetrics } from './lighthouse/audit';
import { firstQuestionPath, signedInCookie } from './lighthouse/bench-account';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

function median(runs: PageMetrics[]): PageMetrics {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const row = (page: string, m: PageMetrics, scores: number[]) =>
  `| ${page} | ${m.score} (${scores.join(', ')}) | ${(m.fcpMs / 1000).toFixed(1)} s | ${(m.lcpMs / 1000).toFixed(1)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${(m.transferBytes / 1024).toFixed(0)} KiB |`;

/**
 * Lighthouse now and then fails to record a page load's trace (NO_NAVSTART, "run Lighthouse
 * again"); such a run is made again, once.
 */
async function auditOnce(url: string, cookie?: string): Promise<PageMetrics> {
  try {
    return await auditPage(url, cookie);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    return auditPage(url, cookie);
  }
}

console.log(`# Lighthouse, mobile (${os.cpus().length} cores, ${RUNS} runs per page, median)`);
const server = await startAppServer({});
try {
  const cookie = await signedInCookie(server.url);
  const pages: { label: string; path: string; cookie?: string }[] = [
    { label: '/login (visitor)', path: '/login' },
    { label: '/ (visitor, sent to /login)', path: '/' },
    { label: '/ (signed in)', path: '/', cookie },
    { label: '/questoes (signed in)', path: await firstQuestionPath(server.url, cookie), cookie },
  ];
  console.log('| page | score (runs) | FCP | LCP | TBT | CLS | transfer |');
  console.log('|---|---|---|---|---|---|---|');
  for (const page of pages) {
    const runs: PageMetrics[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await auditOnce(server.url + page.path, page.cookie));
    console.log(
      row(
        page.label,
        median(runs),
        runs.map((m) => m.score),
      ),
    );
  }
} finally {
  await server.stop();
}
