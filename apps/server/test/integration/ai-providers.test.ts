import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@gabarita/shared';
import { DEFAULT_GEMINI_MODEL, DEFAULT_GEMINI_PRICING } from '@/config';
import { aiFeedback, tokenReservations } from '@/db/schema';
import { countTextTokens } from '@/modules/ai/tutor/token-count';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeGemini, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf, textOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const feedbackUrl = (id: string) => `/api/questions/${id}/feedback`;
const EXPLANATION =
  '**Gabarito oficial: D**\n\n### Por que a alternativa D está correta\nO gráfico mostra o maior valor.\n\n### Para fixar\nLeia o eixo.';

async function reservationsOf(testApp: TestApp, userId: string) {
  return testApp.database.db
    .select()
    .from(tokenReservations)
    .where(eq(tokenReservations.userId, userId));
}

async function storedVersions(testApp: TestApp, questionId: string) {
  return testApp.database.db.select().from(aiFeedback).where(eq(aiFeedback.questionId, questionId));
}

describe('Gemini over its streaming protocol', () => {
  let gemini: FakeProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    gemini = await startFakeGemini();
    testApp = await createTestApp({
      starting: 'mini',
      config: { ai: aiConfig({ provider: 'gemini', apiKey: 'chave-gemini', baseUrl: gemini.url }) },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await gemini.stop();
  });
  const app = () => testApp.app;

  it('sends the question with its key and its rasterised image, and charges the reported usage at the configured prices', async () => {
    const id = 'alfa_2017_prova_3';
    gemini.script({ text: EXPLANATION, usage: { input: 1800, output: 120 } });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);

    expect(eventOf(events, 'meta').tutor).toEqual({
      provider: 'gemini',
      model: DEFAULT_GEMINI_MODEL,
      languageModel: true,
    });
    expect(textOf(events)).toBe(EXPLANATION);
    expect(eventOf(events, 'done').charged).toEqual({ input: 1800, output: 120 });

    const request = gemini.requests.at(-1)!;
    expect(request.path).toBe(
      `/v1beta/models/${DEFAULT_GEMINI_MODEL}:streamGenerateContent?alt=sse`,
    );
    expect(request.headers['x-goog-api-key']).toBe('chave-gemini');
    const body = request.body as {
      systemInstruction: { parts: { text: string }[] };
      contents: {
        role: string;
        parts: { text?: string; inlineData?: { mimeType: string; data: string } }[];
      }[];
      generationConfig: { maxOutputTokens: number; thinkingConfig?: { thinkingLevel?: string } };
    };
    expect(body.systemInstruction.parts[0]!.text).toContain(
      'Nunca diga que outra alternativa está correta',
    );
    const parts = body.contents[0]!.parts;
    expect(parts[0]!.text).toContain('Gabarito oficial: D');
    expect(parts[0]!.text).toContain('Imagem da questão (descrição):');
    const image = parts.find((part) => part.inlineData)?.inlineData;
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image!.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(body.generationConfig.maxOutputTokens).toBe(2048);
    expect(body.generationConfig.thinkingConfig?.thinkingLevel).toBe('low');

    const { usage } = await tokensOf(app(), student.cookie);
    expect(usage.today).toEqual({
      day: usage.today.day,
      inputTokens: 1800,
      outputTokens: 120,
      inputCostMicroUsd: Math.round(1800 * DEFAULT_GEMINI_PRICING.inputPerMillion),
      outputCostMicroUsd: Math.round(120 * DEFAULT_GEMINI_PRICING.outputPerMillion),
    });
  });

  it('counts locally when the provider reports no usage', async () => {
    const id = 'alfa_2017_prova_1';
    gemini.script({ text: EXPLANATION, usage: 'none' });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    const charged = eventOf(events, 'done').charged!;
    expect(charged.output).toBe(countTextTokens(EXPLANATION));
    expect(charged.input).toBeGreaterThan(300);
    const [reservation] = await reservationsOf(testApp, student.user.id);
    // Reserved: the local count with a margin for the provider's own tokenizer.
    expect(reservation!.packageInput + reservation!.dailyInput).toBeGreaterThan(charged.input);
  });

  it('turns an HTTP error into an error event, charges nothing and stores nothing', async () => {
    const id = 'alfa_2017_prova_2';
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    for (const status of [500, 429, 400]) {
      gemini.script({ status });
      const { response, events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
      expect(response.statusCode).toBe(200);
      expect(events.map((event) => event.event)).toEqual(['meta', 'error']);
      expect(eventOf(events, 'error')).toEqual({
        code: 'ai/provider-failed',
        message: AI_MESSAGES.feedbackServiceFailed,
      });
    }
    expect((await tokensOf(app(), student.cookie)).daily!.used).toEqual({ input: 0, output: 0 });
    expect(await storedVersions(testApp, id)).toEqual([]);
    // The failed attempts released their claim: the next request writes the explanation.
    gemini.script({ text: EXPLANATION });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(eventOf(events, 'meta').source).toBe('generated');
    expect(textOf(events)).toBe(EXPLANATION);
  });

  it('charges the prompt and the text received when the stream breaks in the middle', async () => {
    const id = 'alfa_2017_prova_4';
    const chunks = [
      '**Gabarito oficial: B**\n\n',
      'Primeira parte. ',
      'Segunda parte. ',
      'Nunca chega.',
    ];
    gemini.script({ chunks, disconnectAfterChunks: 2, usage: { input: 5000, output: 5000 } });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'ai/provider-failed', message: AI_MESSAGES.feedbackServiceFailed },
    });
    expect(textOf(events)).toBe(chunks.slice(0, 2).join(''));
    const [reservation] = await reservationsOf(testApp, student.user.id);
    expect(reservation).toMatchObject({
      outcome: 'failed',
      usedOutput: countTextTokens(chunks.slice(0, 2).join('')),
    });
    expect(reservation!.usedInput).toBeGreaterThan(0);
    expect((await tokensOf(app(), student.cookie)).daily!.used).toEqual({
      input: reservation!.usedInput,
      output: reservation!.usedOutput,
    });
    expect(await storedVersions(testApp, id)).toEqual([]);
  });

  it('relays a slow stream as it comes', async () => {
    const id = 'alfa_2017_prova_5';
    gemini.script({
      chunks: ['**Gabarito oficial: C**\n\n', 'Devagar ', 'e sempre.'],
      firstChunkDelayMs: 400,
      chunkDelayMs: 200,
    });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(events.map((event) => event.event)).toEqual(['meta', 'delta', 'delta', 'delta', 'done']);
    expect(eventOf(events, 'done').content).toBe('**Gabarito oficial: C**\n\nDevagar e sempre.');
  });
});

describe('an OpenAI-compatible server (Ollama, vLLM, llama.cpp)', () => {
  let server: FakeProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    server = await startFakeOpenAi();
    testApp = await createTestApp({
      starting: 'mini',
      config: { ai: aiConfig({ provider: 'openai-compatible', baseUrl: server.url }) },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await server.stop();
  });
  const app = () => testApp.app;

  it('asks for usage in the stream, sends no image unless told to, and describes it in text', async () => {
    const id = 'alfa_2017_prova_3';
    server.script({ text: EXPLANATION, usage: { input: 640, output: 33 } });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(eventOf(events, 'done').charged).toEqual({ input: 640, output: 33 });
    const request = server.requests.at(-1)!;
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({
      model: 'modelo-local',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 2048,
    });
    const serialized = JSON.stringify(request.body.messages);
    expect(serialized).toContain('Imagem da questão (descrição):');
    expect(serialized).not.toContain('image_url');
  });

  it('counts locally when a server ignores include_usage', async () => {
    const id = 'alfa_2017_prova_1';
    server.script({ text: EXPLANATION, usage: 'none' });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(eventOf(events, 'done').charged!.output).toBe(countTextTokens(EXPLANATION));
  });

  it('never credits tokens for a negative usage report, and caps an impossible one', async () => {
    const id = 'beta_2015_prova_2';
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      packages: 1,
      checked: [id],
    });
    const before = await tokensOf(app(), student.cookie);
    server.script({ text: EXPLANATION, usage: { input: -50_000, output: -20_000 } });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    const charged = eventOf(events, 'done').charged!;
    // Charged our own count instead: something, never less than nothing.
    expect(charged.output).toBe(countTextTokens(EXPLANATION));
    expect(charged.input).toBeGreaterThan(300);
    const after = await tokensOf(app(), student.cookie);
    expect(after.package).toEqual({
      input: before.package!.input - charged.input,
      output: before.package!.output - charged.output,
    });
    expect(after.usage.today.inputTokens).toBe(charged.input);
    expect(after.usage.today.outputTokens).toBe(charged.output);

    // A Premium account without a package never gains one from a report.
    const premiumOnly = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: ['gama_2015_prova_1'],
    });
    server.script({ text: EXPLANATION, usage: { input: -50_000, output: -20_000 } });
    await askTutor(app(), feedbackUrl('gama_2015_prova_1'), {}, premiumOnly.cookie);
    const premiumAfter = await tokensOf(app(), premiumOnly.cookie);
    expect(premiumAfter.package).toBeNull();
    expect(premiumAfter.daily!.used.input).toBeGreaterThan(0);

    // Ten million tokens for one explanation is not believed: at most the ceiling is charged.
    const capped = await aiStudent(app(), testApp.database, {
      premium: true,
      packages: 1,
      checked: ['gama_2015_prova_2'],
    });
    server.script({ text: EXPLANATION, usage: { input: 10_000_000, output: 10_000_000 } });
    const cappedEvents = await askTutor(app(), feedbackUrl('gama_2015_prova_2'), {}, capped.cookie);
    const cappedCharge = eventOf(cappedEvents.events, 'done').charged!;
    expect(cappedCharge.input).toBeLessThan(20_000);
    expect(cappedCharge.output).toBeLessThanOrEqual(2048 * 4 + 1000);
  });

  it('reports a mid-stream disconnect as an error event', async () => {
    const id = 'beta_2015_prova_1';
    server.script({ chunks: ['Um ', 'dois ', 'três'], disconnectAfterChunks: 1 });
    const student = await aiStudent(app(), testApp.database, { premium: true, checked: [id] });
    const { events } = await askTutor(app(), feedbackUrl(id), {}, student.cookie);
    expect(events.map((event) => event.event)).toEqual(['meta', 'delta', 'error']);
    expect(await storedVersions(testApp, id)).toEqual([]);
  });
});
