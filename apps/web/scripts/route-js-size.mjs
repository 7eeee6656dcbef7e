// Prints the JavaScript each main route downloads, compressed as the server sends it: the entry
// chunk and its static imports, plus the route's lazy page chunk and its static imports (read from
// Vite's manifest). The home route has a budget (docs/performance.md): past it, the build fails.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTE_PAGES } from './route-pages.mjs';
import { readManifest } from './vite-manifest.mjs';

const HOME_BUDGET_BYTES = 130_000;
const REPORTED_ROUTES = ['/', '/login', '/questoes', '/meu-desempenho'];

const distDir = path.resolve(process.argv[2] ?? 'dist');
const { entryFiles, staticClosure } = readManifest(distDir);

const sizeCache = new Map();
function sizesOf(file) {
  if (!sizeCache.has(file)) {
    const source = fs.readFileSync(path.join(distDir, file));
    sizeCache.set(file, {
      raw: source.length,
      gzip: zlib.gzipSync(source, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(source).length,
    });
  }
  return sizeCache.get(file);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log('route JS (entry + static imports + lazy page chunk), as sent:');
for (const route of REPORTED_ROUTES) {
  const page = ROUTE_PAGES[route];
  const files = page === null ? entryFiles() : staticClosure(page, entryFiles());
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    for (const key of Object.keys(total)) total[key] += sizes[key];
  }
  const budget = route === '/' ? HOME_BUDGET_BYTES : undefined;
  const over = budget !== undefined && total.gzip > budget;
  if (over) process.exitCode = 1;
  const verdict = budget === undefined ? '' : `  (budget ${kB(budget)}: ${over ? 'OVER' : 'ok'})`;
  console.log(
    `  ${route.padEnd(16)} ${String(files.size).padStart(3)} files  raw ${kB(total.raw).padStart(9)}  gzip ${kB(total.gzip).padStart(9)}  brotli ${kB(total.brotli).padStart(9)}${verdict}`,
  );
}
