import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema, text } from '@gabarita/shared';
import { buildApp } from '@/app';
import { AppError } from '@/lib/errors';
import { testConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('the one error path', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    // Routes that fail in each way a real handler can.
    const open = { config: { access: 'public' as const } };
    app.get('/api/test/app-error', open, async () => {
      throw new AppError('auth/email-not-verified', 403, 'O e-mail do usuário não foi verificado.');
    });
    app.get('/api/test/crash', open, async () => {
      throw new Error('connection string postgres://secret@db leaked in a stack');
    });
    app.post(
      '/api/test/echo',
      {
        ...open,
        schema: {
          body: z.object({ name: text(50).check(z.minLength(1)), age: z.number().optional() }),
        },
      },
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
      payload: { name: '', age: 'trinta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'request/invalid',
        message: 'Preencha este campo.',
        fields: { name: 'Preencha este campo.', age: 'Valor inválido.' },
      },
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
    for (const url of ['/api/nao-existe', '/api', '/api/health/live/extra']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'request/not-found', message: 'Recurso não encontrado.' },
      });
    }
  });

  describe('input the database cannot store or the router cannot read', () => {
    const nulPaths = [
      '/api/exams?cargo=%00',
      '/api/exams?instituicao=a%00',
      '/api/exams?ano=%00',
      '/api/exams?orgao=%00',
      '/api/exams?nivel=%00',
      '/api/exams?disciplina=%00',
      '/api/exams?assunto=%00',
      '/api/exams?cursor=%00',
      '/api/exams/a%00b',
      '/api/questions/a%00b',
      '/api/images/a%00b',
      '/api/disciplines/a%00b/questions',
      '/api/disciplines/portugues/questions?assunto=%00',
    ];
    it.each(nulPaths)('GET %s -> 400 request/invalid', async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'request/invalid',
        message: 'O texto contém caracteres não permitidos.',
      });
    });

    it('answers bad percent-encoding in the envelope without echoing the path', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/questions/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'request/invalid', message: 'Os dados enviados são inválidos.' },
      });
    });

    it('lets the schemas judge long ids, and answers longer paths in the envelope', async () => {
      const longId = await app.inject({ method: 'GET', url: `/api/questions/${'a'.repeat(150)}` });
      expect(longId.statusCode).toBe(404);
      expect(longId.json().error.code).toBe('catalog/question-not-found');
      const tooLong = await app.inject({ method: 'GET', url: `/api/questions/${'a'.repeat(301)}` });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.code).toBe('request/invalid');
      const huge = await app.inject({ method: 'GET', url: `/api/questions/${'a'.repeat(2000)}` });
      expect(huge.statusCode).toBe(414);
      expect(huge.json()).toEqual({
        error: { code: 'request/invalid', message: 'Os dados enviados são inválidos.' },
      });
    });

    it('answers headers over 16 KB with the envelope', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-grande': 'a'.repeat(20_000) },
      });
      expect(response.status).toBe(431);
      expect(await response.json()).toEqual({
        error: {
          code: 'request/too-large',
          message: 'Os dados enviados excedem o tamanho permitido.',
        },
      });
    });
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
