import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'token-of-this-test-server';

describe('POST /api/internal/operator/:command', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ deps: { operatorToken: TOKEN } });
  });
  afterAll(() => testApp.close());

  const run = (options: { token?: string; remoteAddress?: string; command?: string }) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/internal/operator/${options.command ?? 'db:status'}`,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      payload: { args: [] },
    });

  it('runs the command for a local caller with the token and records the run', async () => {
    const response = await run({ token: TOKEN });

    expect(response.statusCode).toBe(200);
    const { output } = response.json<{ output: string[] }>();
    expect(output[0]).toBe(
      `Banco de dados: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)'}`,
    );
    expect(output).toContain('Comandos de operação registrados: 1');
    expect(output.some((line) => line.includes('db:status  [server, running]'))).toBe(true);

    const second = (await run({ token: TOKEN })).json<{ output: string[] }>();
    expect(second.output).toContain('Comandos de operação registrados: 2');
    expect(second.output.some((line) => line.includes('[server, succeeded]'))).toBe(true);
  });

  it('refuses a wrong or missing token', async () => {
    for (const token of ['wrong', undefined]) {
      const response = await run({ token });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/forbidden');
    }
  });

  it('refuses callers from other machines even with the token', async () => {
    const response = await run({ token: TOKEN, remoteAddress: '192.0.2.10' });
    expect(response.statusCode).toBe(403);
  });

  it('answers an unknown command in Portuguese', async () => {
    const response = await run({ token: TOKEN, command: 'db:drop-everything' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(
      'Comando de operação desconhecido: db:drop-everything',
    );
  });

  it('does not exist on a server without an operator token', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/internal/operator/db:status',
        payload: { args: [] },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
