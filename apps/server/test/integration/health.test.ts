import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { healthResponseSchema, liveResponseSchema, readyResponseSchema } from '@gabarita/shared';
import { executeRows } from '@/db/client';
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

describe('GET /api/health/live and /api/health/ready', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('is live and ready with the database migrated', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(liveResponseSchema.parse(live.json())).toEqual({ status: 'ok' });

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(readyResponseSchema.parse(ready.json())).toEqual({
      status: 'ready',
      database: true,
      migrations: true,
    });
  });

  it('is not ready while the database lacks the newest migration, and ready again once it has it', async () => {
    const [newest] = await executeRows<{ id: number; hash: string; created_at: string }>(
      testApp.database.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations)
          returning id, hash, created_at::text`,
    );

    const behind = await get('/api/health/ready');
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ status: 'not-ready', database: true, migrations: false });

    await testApp.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
    );
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('stays live but is not ready with the database unreachable', async () => {
    await testApp.database.close();

    expect((await get('/api/health/live')).statusCode).toBe(200);
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not-ready', database: false, migrations: false });
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
