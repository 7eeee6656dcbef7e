import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_MAX_TURNS, chatHistoryResponseSchema } from '@gabarita/shared';
import { chatMessages, tokenReservations } from '@/db/schema';
import { get } from '../helpers/accounts';
import { aiConfig, aiStudent, askTutor, jsonHeaders } from '../helpers/ai';
import { parsed } from '../helpers/contract';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf, readStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const QUESTION = 'alfa_2017_prova_4';
const chatUrl = `/api/questions/${QUESTION}/chat`;

describe('the kept tutor conversation', () => {
  let provider: FakeProvider;
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    testApp = await createTestApp({
      starting: 'mini',
      config: {
        ai: aiConfig({
          provider: 'openai-compatible',
          baseUrl: provider.url,
          apiKey: 'chave-local',
        }),
      },
    });
    base = await testApp.listen();
  });
  afterAll(async () => {
    await testApp.close();
    await provider.stop();
  });
  const app = () => testApp.app;

  async function historyOf(cookie: string, url = chatUrl) {
    const response = await get(app(), url, cookie);
    expect(response.statusCode).toBe(200);
    return parsed(response, chatHistoryResponseSchema).turns;
  }

  it('keeps each finished exchange, oldest first, for its owner only', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    expect(await historyOf(student.cookie)).toEqual([]);

    provider.script({ text: 'Porque o enunciado pede a razão.', usage: { input: 900, output: 8 } });
    const first = await askTutor(app(), chatUrl, { message: 'Por que a B?' }, student.cookie);
    expect(eventOf(first.events, 'done').content).toBe('Porque o enunciado pede a razão.');
    provider.script({ text: 'Sim, a C também erra.', usage: { input: 900, output: 6 } });
    await askTutor(
      app(),
      chatUrl,
      {
        message: 'E a C?',
        history: [
          { role: 'user', text: 'Por que a B?' },
          { role: 'model', text: 'Porque o enunciado pede a razão.' },
        ],
      },
      student.cookie,
    );

    const turns = await historyOf(student.cookie);
    expect(turns.map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'user', text: 'Por que a B?' },
      { role: 'model', text: 'Porque o enunciado pede a razão.' },
      { role: 'user', text: 'E a C?' },
      { role: 'model', text: 'Sim, a C também erra.' },
    ]);
    for (const turn of turns) {
      expect(Math.abs(Date.parse(turn.at) - Date.now())).toBeLessThan(60_000);
    }

    // Another student who checked the same question has a conversation of their own: empty.
    const other = await aiStudent(app(), testApp.database, { premium: true, checked: [QUESTION] });
    expect(await historyOf(other.cookie)).toEqual([]);
  });

  it('answers an empty list before the question is checked, and 404 for an unknown question', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    provider.script({ text: 'Resposta.', usage: { input: 900, output: 2 } });
    await askTutor(app(), chatUrl, { message: 'Oi' }, student.cookie);
    expect(await historyOf(student.cookie)).toHaveLength(2);

    const unchecked = await aiStudent(app(), testApp.database, { premium: true });
    expect(await historyOf(unchecked.cookie)).toEqual([]);
    const missing = await get(app(), '/api/questions/nao_existe_2099/chat', student.cookie);
    expect(missing.statusCode).toBe(404);
  });

  it('keeps at most the last turns of a long conversation', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    const rows = Array.from({ length: CHAT_HISTORY_MAX_TURNS + 6 }, (_, index) => ({
      userId: student.user.id,
      questionId: QUESTION,
      role: index % 2 === 0 ? ('user' as const) : ('model' as const),
      content: `turno ${index}`,
    }));
    await testApp.database.db.insert(chatMessages).values(rows);
    const turns = await historyOf(student.cookie);
    expect(turns).toHaveLength(CHAT_HISTORY_MAX_TURNS);
    expect(turns[0]!.text).toBe('turno 6');
    expect(turns.at(-1)!.text).toBe(`turno ${CHAT_HISTORY_MAX_TURNS + 5}`);
  });

  it('keeps nothing of a failed reply', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    provider.script({ status: 503 });
    const { events } = await askTutor(app(), chatUrl, { message: 'Oi' }, student.cookie);
    expect(events.map((event) => event.event)).toEqual(['meta', 'error']);
    expect(await historyOf(student.cookie)).toEqual([]);
    const kept = await testApp.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, student.user.id));
    expect(kept).toEqual([]);
  });

  it('keeps nothing of a reply the student left before it finished', async () => {
    const chunks = Array.from({ length: 60 }, (_, index) => `parte ${index} da resposta. `);
    provider.script({ chunks, chunkDelayMs: 25, usage: { input: 900, output: 999 } });
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    let received = '';
    const result = await readStream(
      `${base}${chatUrl}`,
      {
        method: 'POST',
        headers: jsonHeaders(student.cookie),
        body: JSON.stringify({ message: 'Explique' }),
      },
      (event) => {
        if (event.event === 'delta') received += event.data.text;
        return received.length > 60 ? 'stop' : undefined;
      },
    );
    expect(result.stopped).toBe(true);
    await provider.settled();
    // Wait for the call to end on the server (its reservation settled) before looking.
    let settled = false;
    for (let attempt = 0; attempt < 100 && !settled; attempt += 1) {
      const [reservation] = await testApp.database.db
        .select()
        .from(tokenReservations)
        .where(eq(tokenReservations.userId, student.user.id));
      settled = Boolean(reservation?.settledAt);
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(settled).toBe(true);
    expect(await historyOf(student.cookie)).toEqual([]);
  });
});
