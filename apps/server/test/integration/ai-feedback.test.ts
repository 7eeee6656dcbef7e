import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES, TOKEN_PACKAGE } from '@gabarita/shared';
import { aiFeedback, tokenReservations } from '@/db/schema';
import { send, signedInStudent } from '../helpers/accounts';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf, textOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const QUESTION = 'alfa_2017_prova_1';
const feedbackUrl = (id: string) => `/api/questions/${id}/feedback`;

describe('explanations with the offline tutor', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  it('refuses visitors, accounts without AI, unchecked and unknown questions, before any stream', async () => {
    expect((await send(app(), 'POST', feedbackUrl(QUESTION), {})).statusCode).toBe(401);

    const free = await aiStudent(app(), testApp.database, { checked: [QUESTION] });
    const refused = await send(app(), 'POST', feedbackUrl(QUESTION), {}, free.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({ code: 'limit/ai', message: AI_MESSAGES.limitReached });

    const premium = await aiStudent(app(), testApp.database, { premium: true });
    const unchecked = await send(app(), 'POST', feedbackUrl(QUESTION), {}, premium.cookie);
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().error).toEqual({
      code: 'ai/check-first',
      message: AI_MESSAGES.checkFirst,
    });

    const unknown = await send(app(), 'POST', feedbackUrl('nao_existe_1'), {}, premium.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(await testApp.database.db.select().from(tokenReservations)).toEqual([]);
  });

  it('writes the explanation once, charges the writer, and serves it free to everyone entitled', async () => {
    const writer = await aiStudent(app(), testApp.database, { premium: true, checked: [QUESTION] });
    const before = await tokensOf(app(), writer.cookie);
    expect(before.daily?.remaining).toEqual({ input: 80_000, output: 40_000 });

    const first = await askTutor(app(), feedbackUrl(QUESTION), {}, writer.cookie);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['cache-control']).toBe('no-store');
    const meta = eventOf(first.events, 'meta');
    expect(meta).toEqual({
      feature: 'feedback',
      source: 'generated',
      tutor: { provider: 'offline', model: 'gabarita-offline-2', languageModel: false },
      createdAt: null,
    });
    const text = textOf(first.events);
    expect(text).toMatch(/^\*\*Gabarito oficial: A\*\*/);
    const done = eventOf(first.events, 'done');
    expect(done.content).toBe(text);
    expect(done.charged!.input).toBeGreaterThan(100);
    expect(done.charged!.output).toBeGreaterThan(50);
    expect(done.tokens.daily!.remaining).toEqual({
      input: 80_000 - done.charged!.input,
      output: 40_000 - done.charged!.output,
    });
    const after = await tokensOf(app(), writer.cookie);
    expect(after.daily!.used).toEqual(done.charged);
    expect(after.usage.today).toMatchObject({
      inputTokens: done.charged!.input,
      outputTokens: done.charged!.output,
      // The offline tutor costs nothing.
      inputCostMicroUsd: 0,
    });
    expect(after.usage.lifetime.inputTokens).toBe(done.charged!.input);

    // Another Premium user and a free user holding a package see it at once, for nothing.
    const reader = await aiStudent(app(), testApp.database, { premium: true, checked: [QUESTION] });
    const cached = await askTutor(app(), feedbackUrl(QUESTION), {}, reader.cookie);
    expect(eventOf(cached.events, 'meta')).toMatchObject({
      source: 'cache',
      tutor: { provider: 'offline' },
    });
    expect(Date.parse(eventOf(cached.events, 'meta').createdAt!)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(textOf(cached.events)).toBe(text);
    expect(eventOf(cached.events, 'done')).toMatchObject({ charged: null });
    expect((await tokensOf(app(), reader.cookie)).daily!.used).toEqual({ input: 0, output: 0 });

    const holder = await aiStudent(app(), testApp.database, { packages: 1, checked: [QUESTION] });
    const viewed = await askTutor(app(), feedbackUrl(QUESTION), {}, holder.cookie);
    expect(eventOf(viewed.events, 'done')).toMatchObject({
      charged: null,
      tokens: {
        canUseAi: true,
        daily: null,
        package: { input: TOKEN_PACKAGE.inputTokens, output: TOKEN_PACKAGE.outputTokens },
      },
    });
  });

  it('says a question without the team’s comment has no reasons to give, with the key', async () => {
    const id = 'gama_2015_prova_2';
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { response, events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(response.statusCode).toBe(200);
    const text = textOf(events);
    expect(text).toMatch(/^\*\*Gabarito oficial: B\*\*\n/);
    expect(text).toContain('Esta questão ainda não tem comentário da equipe.');
    expect(text).toContain('não inventa uma razão');
    expect(text).toContain('“Reportar falta de comentário”');
    // No key passed off as a reason, no statement repeated as a lesson.
    expect(text).not.toMatch(/não corresponde ao gabarito|\) incorreta:|Para fixar/);
  });

  it("never charges twice for the text it wrote: 'Reanalisar' and DELETE serve the stored one", async () => {
    const id = 'alfa_2017_prova_2';
    const first = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const written = await askTutor(app(), feedbackUrl(id), {}, first.cookie);
    expect(eventOf(written.events, 'done').charged).not.toBeNull();
    const used = (await tokensOf(app(), first.cookie)).daily!.used;

    const again = await askTutor(app(), feedbackUrl(id), { regenerate: true }, first.cookie);
    expect(eventOf(again.events, 'meta').source).toBe('cache');
    expect(eventOf(again.events, 'done').charged).toBeNull();
    expect(textOf(again.events)).toBe(textOf(written.events));
    expect((await send(app(), 'DELETE', feedbackUrl(id), {}, first.cookie)).statusCode).toBe(204);
    const afterDelete = await askTutor(app(), feedbackUrl(id), {}, first.cookie);
    expect(eventOf(afterDelete.events, 'meta').source).toBe('cache');
    expect((await tokensOf(app(), first.cookie)).daily!.used).toEqual(used);
    const versions = await testApp.database.db
      .select()
      .from(aiFeedback)
      .where(eq(aiFeedback.questionId, id));
    expect(versions).toHaveLength(1);
  });

  it('writes again a text an earlier offline writer stored, keeping the old one as superseded', async () => {
    const id = 'alfa_2017_prova_4';
    await testApp.database.db.insert(aiFeedback).values({
      questionId: id,
      content: '**Gabarito oficial: B**\n\nTexto do escritor anterior.',
      provider: 'offline',
      model: 'gabarita-offline',
      languageModel: false,
      finishReason: 'stop',
      outputTokens: 10,
    });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(eventOf(events, 'meta')).toMatchObject({
      source: 'generated',
      tutor: { model: 'gabarita-offline-2' },
    });
    expect(textOf(events)).not.toContain('Texto do escritor anterior.');
    const versions = await testApp.database.db
      .select()
      .from(aiFeedback)
      .where(eq(aiFeedback.questionId, id));
    expect(
      versions.map((version) => [version.model, version.supersededAt === null]).sort(),
    ).toEqual([
      ['gabarita-offline', false],
      ['gabarita-offline-2', true],
    ]);
  });

  it('refuses a free account whose package cannot cover a new explanation', async () => {
    const { user, cookie } = await signedInStudent(app(), testApp.database);
    await send(app(), 'POST', '/api/questions/beta_2015_prova_1/check', { letter: 'A' }, cookie);
    const { tokenWallets } = await import('@/db/schema');
    await testApp.database.db
      .insert(tokenWallets)
      .values({ userId: user.id, packageInput: 50, packageOutput: 50 });
    const refused = await send(app(), 'POST', feedbackUrl('beta_2015_prova_1'), {}, cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('limit/ai');
  });
});

describe('explanations by a language model', () => {
  let provider: FakeProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    testApp = await createTestApp({
      starting: 'mini',
      config: { ai: aiConfig({ provider: 'openai-compatible', baseUrl: provider.url }) },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.stop();
  });
  const app = () => testApp.app;

  it('writes it once: the second asker receives the same stream and pays nothing', async () => {
    const text =
      '**Gabarito oficial: A**\n\n### Por que a alternativa A está correta\nPorque sim.\n\n### Para fixar\nRevise.';
    provider.script({ text, chunkDelayMs: 30, usage: { input: 700, output: 90 } });
    const [a, b] = [
      await aiStudent(app(), testApp.database, { premium: true, checked: [QUESTION] }),
      await aiStudent(app(), testApp.database, { premium: true, checked: [QUESTION] }),
    ];
    const first = askTutor(app(), feedbackUrl(QUESTION), {}, a.cookie);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const second = await askTutor(app(), feedbackUrl(QUESTION), {}, b.cookie);
    const firstResult = await first;

    expect(provider.requests).toHaveLength(1);
    expect(eventOf(firstResult.events, 'meta')).toMatchObject({
      source: 'generated',
      tutor: { provider: 'openai-compatible', model: 'modelo-local', languageModel: true },
    });
    expect(eventOf(second.events, 'meta').source).toBe('shared');
    expect(textOf(firstResult.events)).toBe(text);
    expect(textOf(second.events)).toBe(text);
    expect(eventOf(firstResult.events, 'done').charged).toEqual({ input: 700, output: 90 });
    expect(eventOf(second.events, 'done').charged).toBeNull();
    expect((await tokensOf(app(), a.cookie)).daily!.used).toEqual({ input: 700, output: 90 });
    expect((await tokensOf(app(), b.cookie)).daily!.used).toEqual({ input: 0, output: 0 });
  });

  it("regenerates on 'Reanalisar com IA', keeps the earlier version and charges the requester", async () => {
    const id = 'alfa_2017_prova_2';
    provider.script({ text: 'Primeira explicação.' });
    const first = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    await askTutor(app(), feedbackUrl(id), {}, first.cookie);
    provider.script({ text: 'Uma nova análise, outras palavras.' });
    const second = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const again = await askTutor(app(), feedbackUrl(id), { regenerate: true }, second.cookie);
    expect(eventOf(again.events, 'meta').source).toBe('generated');
    expect(eventOf(again.events, 'done').charged).not.toBeNull();
    const versions = await testApp.database.db
      .select()
      .from(aiFeedback)
      .where(eq(aiFeedback.questionId, id));
    expect(versions).toHaveLength(2);
    expect(versions.filter((version) => version.supersededAt === null)).toHaveLength(1);
    expect(versions.find((version) => version.supersededAt === null)?.createdBy).toBe(
      second.user.id,
    );

    // DELETE discards the current one; the next request writes a new one.
    expect((await send(app(), 'DELETE', feedbackUrl(id), {}, second.cookie)).statusCode).toBe(204);
    const rewritten = await askTutor(app(), feedbackUrl(id), {}, first.cookie);
    expect(eventOf(rewritten.events, 'meta').source).toBe('generated');
    expect(
      await testApp.database.db.select().from(aiFeedback).where(eq(aiFeedback.questionId, id)),
    ).toHaveLength(3);
  });

  it('limits regenerations per user', async () => {
    const id = 'alfa_2017_prova_3';
    const user = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await send(app(), 'DELETE', feedbackUrl(id), {}, user.cookie)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await askTutor(app(), feedbackUrl(id), { regenerate: true }, user.cookie);
    expect(refused.response.statusCode).toBe(429);
  });
});
