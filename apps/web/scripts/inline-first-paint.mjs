// Puts what the first paint needs inside dist/index.html: the theme script and the app's
// stylesheet. As files they were two render-blocking requests, each a round trip competing with the
// scripts' downloads on a slow connection (docs/performance.md, "Web delivery"). The server allows
// the inline script by its hash (apps/server/src/plugins/index-page.ts, inlineScriptHashes).
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const indexFile = path.join(dist, 'index.html');
let html = fs.readFileSync(indexFile, 'utf8');

const themeTag = '<script src="/theme-init.js"></script>';
if (!html.includes(themeTag)) throw new Error(`inline-first-paint: ${themeTag} not found`);
const theme = fs.readFileSync(path.join(dist, 'theme-init.js'), 'utf8').trim();
if (theme.includes('</script')) throw new Error('inline-first-paint: theme-init.js closes its tag');
html = html.replace(themeTag, () => `<script>${theme}</script>`);

const stylesheets = [
  ...html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g),
];
if (stylesheets.length !== 1) {
  throw new Error(`inline-first-paint: expected one stylesheet, found ${stylesheets.length}`);
}
const [link, href] = stylesheets[0];
const css = fs.readFileSync(path.join(dist, href), 'utf8').trim();
if (css.includes('</style')) throw new Error(`inline-first-paint: ${href} closes its tag`);
html = html.replace(link, () => `<style>${css}</style>`);

fs.writeFileSync(indexFile, html);
console.log(`inline-first-paint: theme script and ${href} inlined in index.html`);
