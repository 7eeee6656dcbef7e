import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '@gabarita/shared';
import { buildApp } from '../../src/app';
import { AppError } from '../../src/lib/errors';
import { testConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('the one error path', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    // Routes that fail in each way a real handler can.
    app.get('/api/test/app-error', async () => {
      throw new AppError('auth/email-not-verified', 403, 'O e-mail do usuário não foi verificado.');
    });
    app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked in a stack');
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(1) }) } },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('sends AppError code and message as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'auth/email-not-verified',
        message: 'O e-mail do usuário não foi verificado.',
      },
    });
  });

  it('hides the details of unexpected failures', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'server/internal',
        message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
      },
    });
    expect(response.body).not.toMatch(/secret|stack|Error:/);
  });

  it('answers invalid input with a Portuguese 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'request/invalid', message: 'Os dados enviados são inválidos.' },
    });
  });

  it('answers malformed JSON with a Portuguese 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('request/invalid');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nao-existe', '/api', '/api/health/extra']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'request/not-found', message: 'Recurso não encontrado.' },
      });
    }
  });

  it('tags every response with a request id and security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
