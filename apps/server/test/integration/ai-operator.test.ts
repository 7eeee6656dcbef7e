import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOutputSchema } from '@gabarita/shared';
import { operatorAiUsage, tokenUsage } from '@/db/schema';
import { saoPauloDay } from '@/lib/clock';
import { aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { parsed } from '../helpers/contract';
import { eventOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'token-de-operador';

describe('operator commands of the tutor', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini', deps: { operatorToken: TOKEN } });
  });
  afterAll(() => testApp.close());

  /** Through the running server, as the CLI does while the server holds the embedded database. */
  const run = (command: string, args: string[]) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/internal/operator/${command}`,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { args },
    });

  it('user:grant-tokens gives a free account packages it can use for AI at once', async () => {
    const student = await aiStudent(testApp.app, testApp.database, {
      checked: ['alfa_2017_prova_1'],
    });
    expect((await tokensOf(testApp.app, student.cookie)).canUseAi).toBe(false);

    const granted = await run('user:grant-tokens', [student.email, '2']);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().output).toEqual([
      `${student.email} (conta com senha) recebeu 2 pacotes de tokens. Saldo de pacote: 160.000 de entrada e 80.000 de saída.`,
    ]);
    expect(await tokensOf(testApp.app, student.cookie)).toMatchObject({
      canUseAi: true,
      daily: null,
      package: { input: 160_000, output: 80_000 },
    });
    const { events } = await askTutor(
      testApp.app,
      '/api/questions/alfa_2017_prova_1/feedback',
      {},
      student.cookie,
    );
    const charged = eventOf(events, 'done').charged!;
    expect(eventOf(events, 'done').tokens.package).toEqual({
      input: 160_000 - charged.input,
      output: 80_000 - charged.output,
    });

    // One package by default; bad counts and unknown accounts are refused.
    expect((await run('user:grant-tokens', [student.email])).json().output[0]).toContain(
      'recebeu 1 pacote de tokens',
    );
    expect((await run('user:grant-tokens', [student.email, '0'])).json().error.message).toBe(
      'O número de pacotes deve ser um inteiro entre 1 e 100.',
    );
    expect((await run('user:grant-tokens', ['ninguem@exemplo.com'])).statusCode).toBe(404);
  });

  it("ai:usage reports tokens and cost per day and feature for a month, the team's drafts apart", async () => {
    const student = await aiStudent(testApp.app, testApp.database);
    await testApp.database.db.insert(tokenUsage).values([
      {
        userId: student.user.id,
        day: '2026-08-03',
        feature: 'feedback',
        calls: 2,
        inputTokens: 3_000,
        outputTokens: 800,
        inputCostMicroUsd: 2_250,
        outputCostMicroUsd: 3_000,
      },
      {
        userId: student.user.id,
        day: '2026-08-03',
        feature: 'chat',
        calls: 5,
        inputTokens: 10_000,
        outputTokens: 1_200,
        inputCostMicroUsd: 7_500,
        outputCostMicroUsd: 4_500,
      },
      {
        userId: student.user.id,
        day: '2026-08-17',
        feature: 'didactic',
        calls: 1,
        inputTokens: 2_500,
        outputTokens: 3_100,
        inputCostMicroUsd: 1_875,
        outputCostMicroUsd: 11_625,
      },
      {
        userId: student.user.id,
        day: '2026-09-01',
        feature: 'chat',
        calls: 1,
        inputTokens: 1,
        outputTokens: 1,
        inputCostMicroUsd: 1,
        outputCostMicroUsd: 1,
      },
    ]);
    // The team's own model work (comment drafts) is nobody's usage, but it is the month's cost.
    await testApp.database.db.insert(operatorAiUsage).values({
      day: '2026-08-03',
      task: 'comment_drafts',
      calls: 3,
      inputTokens: 4_000,
      outputTokens: 1_500,
      inputCostMicroUsd: 3_000,
      outputCostMicroUsd: 5_625,
    });
    const report = parsed(await run('ai:usage', ['2026-08']), operatorOutputSchema).output;
    expect(report[0]).toBe(
      'Uso da IA em 08/2026 (custo em dólares americanos, pelos preços configurados em AI_PRICE_*):',
    );
    expect(report[1]).toMatch(/^dia\s+recurso\s+chamadas\s+usuários\s+entrada\s+saída\s+custo$/);
    const lines = report.slice(2).map((line) => line.replace(/\u00a0/g, ' ').split(/\s{2,}/));
    expect(lines).toEqual([
      ['03/08', 'chat', '5', '1', '10.000', '1.200', 'US$ 0,0120'],
      ['03/08', 'explicação', '2', '1', '3.000', '800', 'US$ 0,0053'],
      ['03/08', 'rascunhos de comentário (equipe)', '3', '—', '4.000', '1.500', 'US$ 0,0086'],
      ['17/08', 'conteúdo didático', '1', '1', '2.500', '3.100', 'US$ 0,0135'],
      ['mês', 'chat', '5', '10.000', '1.200', 'US$ 0,0120'],
      ['mês', 'conteúdo didático', '1', '2.500', '3.100', 'US$ 0,0135'],
      ['mês', 'explicação', '2', '3.000', '800', 'US$ 0,0053'],
      ['mês', 'rascunhos de comentário (equipe)', '3', '4.000', '1.500', 'US$ 0,0086'],
      ['mês', 'total', '11', '19.500', '6.600', 'US$ 0,0394'],
    ]);
    expect((await run('ai:usage', ['2026-13'])).json().error.message).toBe(
      'Uso: ai:usage [AAAA-MM]',
    );
    const current = parsed(await run('ai:usage', []), operatorOutputSchema).output;
    const [year, month] = saoPauloDay().split('-');
    expect(current[0]).toContain(`${month}/${year}`);
  });
});
