import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogService } from '@/modules/catalog/catalog.service';
import { DEMO_CATALOG_DIR } from '@/modules/content-import/demo-catalog';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { commentAgreement, evaluateTutor, evaluationTable } from '@/modules/ai/tutor-eval';
import {
  CHAT_HONESTY_BAR,
  chatEvaluationTable,
  chatHonesty,
  evaluateChat,
  loadChatEvalSet,
} from '@/modules/ai/tutor-chat-eval';
import { createTutor } from '@/modules/ai/tutor/tutor';
import { aiConfig } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('tutor evaluation over the demonstration catalogue', () => {
  let database: TestDatabase;
  let provider: FakeProvider;
  beforeAll(async () => {
    database = await createTestDatabase();
    await createContentImportService(database.db).importContent(DEMO_CATALOG_DIR);
    provider = await startFakeOpenAi();
  });
  afterAll(async () => {
    await provider.stop();
    await database.destroy();
  });

  // The demonstration catalogue holds 184 questions; the annulled one has no key to explain.
  it('finds the offline tutor naming the official key, and no other letter, in every explanation', async () => {
    const results = await evaluateTutor({
      tutor: createTutor(aiConfig({ provider: 'offline' })),
      catalog: createCatalogService(database.db),
      concurrency: 4,
    });
    expect(results).toHaveLength(183);
    expect(results.filter((result) => !result.grade.passes)).toEqual([]);
    expect(evaluationTable(results).at(-1)).toBe('| **total** | 183 | 100,0% | 100,0% | 100,0% |');
    // Every question of the demonstration catalogue is commented, and the offline tutor explains
    // from the comment.
    expect(commentAgreement(results)).toBe(
      'Questões com comentário da equipe: 183; explicações com o veredito do comentário em cada alternativa: 183 (100,0%).',
    );
  });

  it('catches a model that argues for another letter', async () => {
    provider.script((request) => {
      const prompt = JSON.stringify(request.body.messages);
      const key = /Gabarito oficial: ([A-E])/.exec(prompt)?.[1];
      const judgement = prompt.includes('Alternativas:\\nC) Certo\\nE) Errado');
      const other = judgement ? (key === 'C' ? 'E' : 'C') : key === 'A' ? 'B' : 'A';
      return {
        text: `**Gabarito oficial: ${key}**\n\nNa verdade, a alternativa ${other} está correta.`,
      };
    });
    const results = await evaluateTutor({
      tutor: createTutor(aiConfig({ provider: 'openai-compatible', baseUrl: provider.url })),
      catalog: createCatalogService(database.db),
      concurrency: 8,
    });
    expect(results.filter((result) => result.error || !result.grade.namesKey)).toEqual([]);
    expect(results.filter((result) => result.grade.passes)).toEqual([]);
    expect(evaluationTable(results).at(-1)).toBe('| **total** | 183 | 100,0% | 0,0% | 0,0% |');
    expect(commentAgreement(results)).toBe(
      'Questões com comentário da equipe: 183; explicações com o veredito do comentário em cada alternativa: 0 (0,0%).',
    );
  });

  it('finds the offline tutor honest on the off-script questions, with no invented number', async () => {
    const cases = loadChatEvalSet();
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const results = await evaluateChat({
      tutor: createTutor(aiConfig({ provider: 'offline' })),
      catalog: createCatalogService(database.db),
      cases,
      concurrency: 4,
    });
    expect(results.filter((result) => result.grade.inventedNumbers.length > 0)).toEqual([]);
    const figures = chatHonesty(results);
    expect(figures.honest).toBeGreaterThanOrEqual(CHAT_HONESTY_BAR * cases.length);
    expect(figures).toMatchObject({ total: cases.length, withInventedNumbers: 0, passes: true });
  });

  it('catches a model that answers everything with a number of its own', async () => {
    provider.script(() => ({ text: 'Pela fórmula, o resultado é 12345.' }));
    const cases = loadChatEvalSet().slice(0, 20);
    const results = await evaluateChat({
      tutor: createTutor(aiConfig({ provider: 'openai-compatible', baseUrl: provider.url })),
      catalog: createCatalogService(database.db),
      cases,
      concurrency: 8,
    });
    expect(results.filter((result) => result.error)).toEqual([]);
    expect(chatHonesty(results)).toEqual({
      total: cases.length,
      honest: 0,
      withInventedNumbers: cases.length,
      passes: false,
    });
    expect(chatEvaluationTable(results).at(-1)).toBe(
      `| **total** | ${cases.length} | 0,0% | ${cases.length} |`,
    );
  });
});
