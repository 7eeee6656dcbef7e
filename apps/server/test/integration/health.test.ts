import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@gabarita/shared';
import { DEFAULT_GEMINI_MODEL } from '@/config';
import { aiConfig } from '../helpers/ai';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('reports a reachable database of the kind in use', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = healthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    expect(body.database.reachable).toBe(true);
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with the database unreachable', async () => {
    await testApp.database.close();

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      database: { reachable: false, latencyMs: null },
    });
  });
});

describe('GET /api/app-info', () => {
  it('tells the screens the configured contact address, or null', async () => {
    const configured = await createTestApp({ config: { supportEmail: 'ajuda@exemplo.com.br' } });
    const bare = await createTestApp({ database: configured.database });
    try {
      const info = await configured.app.inject({ method: 'GET', url: '/api/app-info' });
      expect(info.json()).toMatchObject({ supportEmail: 'ajuda@exemplo.com.br' });
      const none = await bare.app.inject({ method: 'GET', url: '/api/app-info' });
      expect(none.json()).toMatchObject({ supportEmail: null });
    } finally {
      await bare.close();
      await configured.close();
    }
  });

  it('tells who writes the tutor texts, so the screens can say the offline tutor is not AI', async () => {
    const offline = await createTestApp();
    const gemini = await createTestApp({
      database: offline.database,
      config: { ai: aiConfig({ provider: 'gemini' }) },
    });
    try {
      expect(
        (await offline.app.inject({ method: 'GET', url: '/api/app-info' })).json().tutor,
      ).toEqual({
        provider: 'offline',
        model: 'gabarita-offline-2',
        languageModel: false,
      });
      expect(
        (await gemini.app.inject({ method: 'GET', url: '/api/app-info' })).json().tutor,
      ).toEqual({
        provider: 'gemini',
        model: DEFAULT_GEMINI_MODEL,
        languageModel: true,
      });
    } finally {
      await gemini.close();
      await offline.close();
    }
  });
});
