import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@gabarita/shared';
import { aiGenerations } from '@/db/schema';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf, textOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const feedbackUrl = (id: string) => `/api/questions/${id}/feedback`;

/** Waits until `condition` holds (the other instance has started writing). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two server instances on one database', () => {
  let provider: FakeProvider;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    const ai = aiConfig({ provider: 'openai-compatible', baseUrl: provider.url });
    first = await createTestApp({ starting: 'mini', config: { ai } });
    second = await createTestApp({
      config: { ai },
      database: {
        ...(await first.database.openAnother()),
        destroy: async () => undefined,
      } as never,
    });
  });
  afterAll(async () => {
    await second.close();
    await second.database.close();
    await first.close();
    await provider.stop();
  });

  it('write an explanation once: the other instance streams it to its user, who pays nothing', async () => {
    const id = 'gama_2015_prova_1';
    const chunks = Array.from({ length: 12 }, (_, index) => `pedaço ${index}. `);
    provider.script({ chunks, chunkDelayMs: 60, usage: { input: 800, output: 48 } });
    const a = await aiStudent(first.app, first.database, { premium: true, checked: [id] });
    const b = await aiStudent(second.app, second.database, { premium: true, checked: [id] });

    const before = provider.requests.length;
    const writing = askTutor(first.app, feedbackUrl(id), {}, a.cookie);
    await until(() => (provider.requests[before]?.chunksSent ?? 0) >= 3);
    const following = await askTutor(second.app, feedbackUrl(id), {}, b.cookie);
    const written = await writing;

    expect(provider.requests).toHaveLength(before + 1);
    expect(eventOf(written.events, 'meta').source).toBe('generated');
    expect(eventOf(following.events, 'meta')).toMatchObject({
      source: 'shared',
      tutor: { provider: 'openai-compatible', languageModel: true },
    });
    // The follower received the text in several pieces while it was being written, then the rest.
    expect(following.events.filter((event) => event.event === 'delta').length).toBeGreaterThan(1);
    expect(textOf(following.events)).toBe(chunks.join(''));
    expect(eventOf(following.events, 'done')).toMatchObject({
      content: chunks.join(''),
      charged: null,
    });
    expect(eventOf(written.events, 'done').charged).toEqual({ input: 800, output: 48 });
    expect((await tokensOf(second.app, b.cookie)).daily!.used).toEqual({ input: 0, output: 0 });
  });

  it("tells the follower when the writer's call fails", async () => {
    const id = 'gama_2015_prova_2';
    provider.script({
      chunks: ['um ', 'dois ', 'três ', 'quatro'],
      chunkDelayMs: 150,
      disconnectAfterChunks: 3,
    });
    const a = await aiStudent(first.app, first.database, { premium: true, checked: [id] });
    const b = await aiStudent(second.app, second.database, { premium: true, checked: [id] });
    const before = provider.requests.length;
    const writing = askTutor(first.app, feedbackUrl(id), {}, a.cookie);
    await until(() => (provider.requests[before]?.chunksSent ?? 0) >= 1);
    const following = await askTutor(second.app, feedbackUrl(id), {}, b.cookie);
    await writing;
    expect(eventOf(following.events, 'meta').source).toBe('shared');
    expect(following.events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'ai/provider-failed', message: AI_MESSAGES.feedbackServiceFailed },
    });
  });

  it('takes over the writing of a server that died (its lease ran out)', async () => {
    const id = 'beta_2015_prova_2';
    await first.database.db.insert(aiGenerations).values({
      key: `feedback:${id}`,
      feature: 'feedback',
      provider: 'openai-compatible',
      model: 'modelo-local',
      languageModel: true,
      text: 'texto pela metade',
      leaseUntil: sql`now() - interval '1 second'`,
    });
    provider.script({ text: 'Explicação nova.' });
    const student = await aiStudent(second.app, second.database, { premium: true, checked: [id] });
    const { events } = await askTutor(second.app, feedbackUrl(id), {}, student.cookie);
    expect(eventOf(events, 'meta').source).toBe('generated');
    expect(textOf(events)).toBe('Explicação nova.');
  });
});
