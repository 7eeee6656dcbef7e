import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@gabarita/shared';
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
      expect(info.json()).toEqual({ supportEmail: 'ajuda@exemplo.com.br' });
      const none = await bare.app.inject({ method: 'GET', url: '/api/app-info' });
      expect(none.json()).toEqual({ supportEmail: null });
    } finally {
      await bare.close();
      await configured.close();
    }
  });
});
