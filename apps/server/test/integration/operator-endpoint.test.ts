import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOutputSchema } from '@gabarita/shared';
import { editedCatalog, FORMAT_2_EXAM, FORMAT_2_EXAMPLE } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventsOf as events } from '../helpers/sse';
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
    const { output } = parsed(response, operatorOutputSchema);
    expect(output[0]).toBe(
      `Banco de dados: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)'}`,
    );
    expect(output).toContain('Comandos de operação registrados: 1');
    expect(output.some((line) => line.includes('db:status  [server, running]'))).toBe(true);

    const second = parsed(await run({ token: TOKEN }), operatorOutputSchema);
    expect(second.output).toContain('Comandos de operação registrados: 2');
    expect(second.output.some((line) => line.includes('[server, succeeded]'))).toBe(true);
  });

  it('streams every progress line, then the output, when asked for events', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/internal/operator/content:import',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream' },
      payload: { args: [FORMAT_2_EXAMPLE, '--check'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const stream = events(response.body);
    const progress = stream.filter((item) => item.event === 'progress');
    expect(progress.map((item) => (item.data as { line: string }).line)).toEqual([
      `Lendo ${FORMAT_2_EXAMPLE}...`,
      'Verificando 1 prova e 8 imagens...',
      expect.stringMatching(/^Validado em [\d,]+ s: 1 prova, 7 questões, 8 imagens\.$/),
      expect.stringMatching(
        /^Comentários: 4 questões sem comentário \(.+\); notas de estudo em 2 de 6 assuntos\.$/,
      ),
    ]);
    expect(stream.at(-1)).toEqual({
      event: 'output',
      data: {
        output: [
          'Verificação concluída, nenhum problema: 1 prova, 7 questões, 8 imagens. Nada foi gravado (--check).',
        ],
      },
    });
  });

  it('streams a refusal as an error event, with every problem', async () => {
    const broken = editedCatalog((catalog) => {
      catalog.question(FORMAT_2_EXAM, '1').gabarito = 'E';
      catalog.question(FORMAT_2_EXAM, '2').disciplina = 'astrologia';
    }, FORMAT_2_EXAMPLE);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/internal/operator/content:import',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream' },
      payload: { args: ['--check', broken] },
    });
    const last = events(response.body).at(-1) as {
      event: string;
      data: { code: string; message: string };
    };
    expect(last.event).toBe('error');
    expect(last.data.code).toBe('content/invalid');
    expect(last.data.message).toContain('provas/exemplo_2024_formato2_prova.json (');
    expect(last.data.message).toContain(
      '  $.questoes.1.gabarito: "E" não está entre as alternativas',
    );
    expect(last.data.message).toContain('disciplina desconhecida: "astrologia"');
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
