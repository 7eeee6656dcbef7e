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
