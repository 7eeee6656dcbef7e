import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@gabarita/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('serving the built SPA', () => {
  let testApp: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-web-'));
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html lang="pt-BR"></html>',
    );
    fs.writeFileSync(path.join(webDistDir, 'assets', 'index-Bx3k9a.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDistDir, 'theme-init.js'), '/* theme */');
    testApp = await createTestApp({ config: { webDistDir } });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('answers every route of the route table with index.html, never cached', async () => {
    expect(APP_ROUTES).toContain('/recovery');
    expect(APP_ROUTES).toContain('/Recovery');
    for (const route of APP_ROUTES) {
      const response = await get(`${route}?oobCode=abc`);
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type'], route).toMatch(/text\/html/);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expect(response.body).toContain('lang="pt-BR"');
    }
  });

  it('answers unknown pages with index.html and a 404 status, for the SPA to explain', async () => {
    const response = await get('/pagina-que-nao-existe');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await get('/assets/index-Bx3k9a.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const themeScript = await get('/theme-init.js');
    expect(themeScript.statusCode).toBe(200);
    expect(themeScript.headers['cache-control']).toBe('no-cache');
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
