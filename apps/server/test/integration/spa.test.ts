import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@gabarita/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A registered path with a value in each of its parameters, as a link would have it. */
const withSampleParams = (route: string) => route.replace(/:\w+/g, 'a1b2c3');

const ASSET_SOURCE = `export const questions = ${JSON.stringify(Array(200).fill('questão'))};`;

// As the web build inlines it (apps/web/scripts/inline-first-paint.mjs).
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";

function writeCompressedCopies(file: string) {
  const source = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source));
}

describe('serving the built SPA', () => {
  let testApp: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-web-'));
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      `<!doctype html><html lang="pt-BR"><head><script>${THEME_SCRIPT}</script></head></html>`,
    );
    fs.writeFileSync(path.join(webDistDir, 'assets', 'index-Bx3k9a.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDistDir, 'theme-init.js'), '/* theme */');
    // As the web build writes them: compressed copies beside the files, and Vite's manifest.
    writeCompressedCopies(path.join(webDistDir, 'index.html'));
    fs.writeFileSync(path.join(webDistDir, 'assets', 'app-C4fe21.js'), ASSET_SOURCE);
    writeCompressedCopies(path.join(webDistDir, 'assets', 'app-C4fe21.js'));
    fs.mkdirSync(path.join(webDistDir, '.vite'));
    fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(
      path.join(webDistDir, '.vite', 'route-preloads.json'),
      JSON.stringify({ '/login': ['/assets/login-page-D2x.js'], '/': [] }),
    );
    testApp = await createTestApp({ config: { webDistDir } });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it("allows the page's inline theme script by its hash and no other inline script", async () => {
    const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const policy = String((await get('/login')).headers['content-security-policy']);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1];
    expect(scriptSources).toBe(`'self' 'sha256-${hash}'`);
  });

  it('answers every path of the registry with index.html, never cached', async () => {
    expect(APP_ROUTES).toContain('/recovery');
    expect(APP_ROUTES).toContain('/Recovery');
    for (const route of APP_ROUTES) {
      const response = await get(`${withSampleParams(route)}?oobCode=abc`);
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type'], route).toMatch(/text\/html/);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expect(response.body).toContain('lang="pt-BR"');
    }
  });

  it("answers the staff area's deep links as a full page load asks for them", async () => {
    for (const url of [
      '/admin/contas',
      '/admin/contas/0b6f5a6e-2f4b-4d8e-9a51-1c2d3e4f5a6b',
      '/admin/numeros',
      '/admin/mensagens',
      '/admin/mensagens/7d1e9c40-5a3b-4c2d-8e1f-0a9b8c7d6e5f',
      '/admin/pagamentos',
      '/admin/pagamentos/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f?aba=eventos',
      '/Admin/Contas/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('lang="pt-BR"');
    }
  });

  it('answers unknown pages with index.html and a 404 status, for the SPA to explain', async () => {
    for (const url of ['/pagina-que-nao-existe', '/admin/contas/a/b', '/admin/nada']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await get('/assets/index-Bx3k9a.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const themeScript = await get('/theme-init.js');
    expect(themeScript.statusCode).toBe(200);
    expect(themeScript.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip copy of a hashed asset as asked, cached for a year', async () => {
    const url = '/assets/app-C4fe21.js';
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET_SOURCE);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_SOURCE);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
  });

  it('sends index.html compressed as asked, for its own path and for app routes, never cached', async () => {
    for (const url of ['/index.html', '/', '/questoes?prova=x', '/pagina-que-nao-existe']) {
      const brotli = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers['cache-control'], url).toBe('no-cache');
      expect(brotli.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString(), url).toContain('pt-BR');

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gzip.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.gunzipSync(gzip.rawPayload).toString(), url).toContain('pt-BR');
    }
  });

  it("preloads the chunks of a route's page in that route's index.html", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/login-page-D2x.js">';
    for (const url of ['/login', '/LOGIN/', '/login?next=1']) {
      const brotli = await get(url, { 'accept-encoding': 'br' });
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString(), url).toContain(preload);
      expect((await get(url)).body, url).toContain(preload);
    }
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain(preload);

    for (const url of ['/', '/ajuda', '/pagina-que-nao-existe']) {
      expect((await get(url)).body, url).not.toContain('modulepreload');
    }
  });

  it('preloads the exam and the question named in a question-viewer address, for a signed-in browser', async () => {
    const signedIn = { cookie: 'gabarita_session=abc' };
    const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`;

    const viewer = await get('/questoes?prova=pf_2021_agente&q=pf_2021_agente_7&prova=outra', {
      ...signedIn,
      'accept-encoding': 'br',
    });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-encoding']).toBe('br');
    expect(viewer.headers.link).toBe(
      [preload('/api/exams/pf_2021_agente'), preload('/api/questions/pf_2021_agente_7')].join(', '),
    );
    // Encoded as the app encodes them, so the app's request is the same URL.
    expect((await get('/Questoes/?q=a%20b%2Cc%3E', signedIn)).headers.link).toBe(
      preload('/api/questions/a%20b%2Cc%3E'),
    );

    // Nothing for a visitor (sent to /login), for ids the routes would refuse, or for other pages.
    expect((await get('/questoes?prova=pf_2021_agente&q=pf_2021_agente_7')).headers.link).toBe(
      undefined,
    );
    for (const url of [
      `/questoes?prova=${'x'.repeat(301)}`,
      '/questoes?q=a%01b',
      '/questoes?prova=',
      '/questoes',
      '/prova-dashboard?prova=pf_2021_agente',
      '/login?q=x',
    ]) {
      expect((await get(url, signedIn)).headers.link, url).toBe(undefined);
    }
  });

  it("preloads the sign-in providers with a visitor's /login", async () => {
    for (const url of ['/login', '/Login/?next=/conta']) {
      expect((await get(url)).headers.link, url).toBe(
        '</api/auth/providers>; rel=preload; as=fetch; crossorigin=anonymous',
      );
    }
    // A signed-in browser is sent on from /login; other pages read no providers.
    expect((await get('/login', { cookie: 'gabarita_session=abc' })).headers.link).toBe(undefined);
    expect((await get('/signup')).headers.link).toBe(undefined);
  });

  it('does not serve the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toBe('{}');
  });

  it('does not answer missing files or API paths with the page', async () => {
    const missingAsset = await get('/assets/index-missing.js');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toMatch(/application\/json/);

    const api = await get('/api/nao-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: { code: 'request/not-found', message: 'Recurso não encontrado.' },
    });
  });

  it('never serves files outside the build', async () => {
    const response = await get('/..%2F..%2Fetc%2Fpasswd');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});
