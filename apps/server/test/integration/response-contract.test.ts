import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@gabarita/shared';
import { parsed } from '../helpers/contract';

/** Tests read responses with the shared schemas their routes declare (helpers/contract.ts). */
describe('reading a response with its shared schema', () => {
  const app = Fastify();
  app.get('/api/auth/session', async (request) =>
    'broken' in (request.query as object) ? { user: { name: 'Ana' } } : { user: null },
  );
  app.get('/api/text', async (_request, reply) => reply.type('text/plain').send('não é JSON'));
  afterAll(() => app.close());

  it('gives the body typed by the schema when the response keeps the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(parsed(response, sessionResponseSchema)).toEqual({ user: null });
  });

  it('fails naming the request, its status and what the schema refuses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/session?broken=1' });
    const read = () => parsed(response, sessionResponseSchema);
    expect(read).toThrow(
      /^GET \/api\/auth\/session\?broken=1 answered 200 with a body its response schema refuses:\n/,
    );
    // The library's own words, which say what was expected, not the users' Portuguese ones.
    expect(read).toThrow('✖ Invalid input: expected string, received undefined\n  → at user.id\n');
    expect(read).toThrow(/\nbody: \{"user":\{"name":"Ana"\}\}$/);
  });

  it('fails on a body that is not JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/text' });
    expect(() => parsed(response, sessionResponseSchema)).toThrow(
      'GET /api/text answered 200 with a body that is not JSON: não é JSON',
    );
  });
});
