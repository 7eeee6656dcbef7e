// Writes dist/.vite/route-preloads.json: for each path of the router, the chunks of its lazy page
// that the entry does not already load. The server adds them to index.html as modulepreload links,
// so a page's code downloads with the entry instead of after it has run.
import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PAGES } from './route-pages.mjs';
import { readManifest } from './vite-manifest.mjs';

const distDir = path.resolve(process.argv[2] ?? 'dist');
const { entryFiles, staticClosure } = readManifest(distDir);
const loadedByEntry = entryFiles();
const preloads = Object.fromEntries(
  Object.entries(ROUTE_PAGES).map(([route, pageModule]) => [
    route,
    pageModule === null
      ? []
      : [...staticClosure(pageModule)]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => `/${file}`),
  ]),
);
fs.writeFileSync(
  path.join(distDir, '.vite/route-preloads.json'),
  JSON.stringify(preloads, null, 2),
);
console.log(`route-preloads: ${Object.keys(preloads).length} routes`);
