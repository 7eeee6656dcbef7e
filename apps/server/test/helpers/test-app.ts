import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '@/app';
import { type AppConfig, loadConfig } from '@/config';
import { createTestDatabase, type Starting, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
  /** Listens on a free loopback port (for tests over real HTTP) and returns its base URL. */
  listen(): Promise<string>;
}

/** Test configuration; no web build unless a test provides one, so results do not depend on it. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' }),
    webDistDir: path.join(os.tmpdir(), 'gabarita-no-web-build'),
    ...overrides,
  };
}

/** The real app on a fresh database of its own, driven with app.inject. */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    deps?: Partial<AppDependencies>;
    database?: TestDatabase;
    /** What its own database starts with (test-database.ts); the small catalogue is `mini`. */
    starting?: Starting;
  } = {},
): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(options.starting));
  const app = await buildApp(testConfig(options.config), { database, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    async close() {
      const closing = app.close();
      // A client may leave a connection open without a request on it (fetch's pool does), which
      // would hold the close until the headers timeout.
      if (app.server.listening) app.server.closeAllConnections();
      await closing;
      if (ownsDatabase) await database.destroy();
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    },
  };
}
