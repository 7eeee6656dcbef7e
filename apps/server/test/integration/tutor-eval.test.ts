import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogService } from '@/modules/catalog/catalog.service';
import { DEMO_CATALOG_DIR } from '@/modules/catalog/demo-catalog';
import { createContentImportService } from '@/modules/catalog/import/content-import.service';
import { commentAgreement, evaluateTutor, evaluationTable } from '@/modules/ai/tutor-eval';
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
});
