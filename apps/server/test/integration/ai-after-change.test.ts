import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatHistoryResponse,
  type ChatTurn,
  chatHistoryResponseSchema,
  questionEditingSchema,
} from '@gabarita/shared';
import { aiFeedback, didacticContents, operatorAiUsage } from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventually } from '../helpers/eventually';
import { editedCatalog, FORMAT_2_EXAM, FORMAT_2_EXAMPLE } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventOf, textOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The tutor after the team changes a question (docs/product-rules.md, "The tutor after a change of
 * key or comment"): kept conversations are marked, explanations and study texts are written again
 * for free, and the next reply stands on the question as it is now.
 */
const EXAM = 'alfa_2017_prova';
const chatUrl = (id: string) => `/api/questions/${id}/chat`;
const feedbackUrl = (id: string) => `/api/questions/${id}/feedback`;

async function applyKey(testApp: TestApp, editor: string, number: number, key: string) {
  const changes = [{ number, key }];
  const applied = await send(
    testApp.app,
    'POST',
    `/api/admin/exams/${EXAM}/answer-key/apply`,
    { changes },
    editor,
  );
  expect(applied.statusCode, applied.body).toBe(200);
}

async function historyOf(testApp: TestApp, id: string, cookie: string) {
  const response = await get(testApp.app, chatUrl(id), cookie);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, chatHistoryResponseSchema);
}

const turnsOf = (history: ChatHistoryResponse): ChatTurn[] =>
  history.turns.map(({ role, text }) => ({ role, text }));

describe('the offline tutor after a definitive key', () => {
  const QUESTION = `${EXAM}_1`;
  let testApp: TestApp;
  let editor: string;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  it('marks the kept chat, writes the explanation and the study text again for free, and answers with the new key', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    const asked = 'Por que a alternativa A está correta?';
    const before = await askTutor(app(), chatUrl(QUESTION), { message: asked }, student.cookie);
    const oldReply = eventOf(before.events, 'done').content;
    expect(oldReply).toContain('a resposta é a alternativa **A**');
    const explained = await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    expect(textOf(explained.events)).toMatch(/^\*\*Gabarito oficial: A\*\*/);
    const studyText = { disciplina: 'matematica', assunto: 'Frações' };
    const studied = await askTutor(app(), '/api/didactic-content', studyText, student.cookie);
    expect(eventOf(studied.events, 'done').charged).not.toBeNull();
    const [written] = await testApp.database.db.select().from(didacticContents);
    expect(written!.questionIds).toContain(QUESTION);
    const spent = (await tokensOf(app(), student.cookie)).daily!.used;

    await applyKey(testApp, editor, 1, 'B');

    // The kept chat is marked: its turns were written before the change, which says what changed.
    const history = await historyOf(testApp, QUESTION, student.cookie);
    expect(turnsOf(history)).toEqual([
      { role: 'user', text: asked },
      { role: 'model', text: oldReply },
    ]);
    expect(history.changes).toEqual([{ kind: 'key', from: 'A', to: 'B', at: expect.any(String) }]);
    expect(Date.parse(history.changes[0]!.at)).toBeGreaterThan(Date.parse(history.turns[1]!.at));
    expect(history.freeReply).toBe(true);

    // The explanation is written again from the new key, and costs the student nothing.
    const rewritten = await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    expect(eventOf(rewritten.events, 'meta').source).toBe('generated');
    expect(textOf(rewritten.events)).toMatch(/^\*\*Gabarito oficial: B\*\*/);
    expect(eventOf(rewritten.events, 'done').charged).toBeNull();
    const versions = await testApp.database.db
      .select({ content: aiFeedback.content, createdBy: aiFeedback.createdBy })
      .from(aiFeedback)
      .where(eq(aiFeedback.questionId, QUESTION));
    expect(versions).toHaveLength(2);
    // Written for free, it is no one's purchase (the data export lists what one's tokens paid).
    expect(versions.filter((version) => version.createdBy === null)).toHaveLength(1);
    // Once written again, it is served as any stored explanation.
    const again = await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    expect(eventOf(again.events, 'meta').source).toBe('cache');

    // So is the study text that quoted the question with its old key.
    const restudied = await askTutor(app(), '/api/didactic-content', studyText, student.cookie);
    expect(eventOf(restudied.events, 'meta').source).toBe('generated');
    expect(eventOf(restudied.events, 'done').charged).toBeNull();

    // The page still holds the old turns and sends them back; the reply stands on the new key.
    const after = await askTutor(
      app(),
      chatUrl(QUESTION),
      { message: asked, history: turnsOf(history) },
      student.cookie,
    );
    const newReply = eventOf(after.events, 'done');
    expect(newReply.content).toContain('segundo o gabarito oficial, a resposta é a **B)**');
    expect(newReply.content).not.toContain('a resposta é a alternativa **A**');
    // Asking again about the change is not charged a second time.
    expect(newReply.charged).toBeNull();
    expect((await tokensOf(app(), student.cookie)).daily!.used).toEqual(spent);

    // The team paid them, under their features.
    const team = await testApp.database.db.select().from(operatorAiUsage);
    expect(team.map((row) => [row.task, row.calls]).sort()).toEqual([
      ['chat', 1],
      ['didactic', 1],
      ['feedback', 1],
    ]);
    expect(team.every((row) => row.inputTokens > 0 && row.outputTokens > 0)).toBe(true);

    // One free reply per change: the next one is paid as usual.
    const kept = await historyOf(testApp, QUESTION, student.cookie);
    expect(kept.turns).toHaveLength(4);
    expect(kept.changes).toHaveLength(1);
    expect(Date.parse(kept.turns[2]!.at)).toBeGreaterThan(Date.parse(kept.changes[0]!.at));
    expect(kept.freeReply).toBe(false);
    const paid = await askTutor(
      app(),
      chatUrl(QUESTION),
      { message: 'Qual é o gabarito?', history: turnsOf(kept) },
      student.cookie,
    );
    expect(eventOf(paid.events, 'done').charged).not.toBeNull();
  });

  it('gives no free reply to a student who had not asked before the change', async () => {
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [`${EXAM}_3`],
    });
    await applyKey(testApp, editor, 3, 'A');
    expect(await historyOf(testApp, `${EXAM}_3`, student.cookie)).toEqual({
      turns: [],
      changes: [],
      freeReply: false,
    });
    const reply = await askTutor(
      app(),
      chatUrl(`${EXAM}_3`),
      { message: 'Qual é o gabarito?' },
      student.cookie,
    );
    expect(eventOf(reply.events, 'done').charged).not.toBeNull();
    expect((await historyOf(testApp, `${EXAM}_3`, student.cookie)).changes).toEqual([]);
  });
});

describe('the tutor after a re-import changes a key or a comment', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    await createContentImportService(testApp.database.db).importContent(FORMAT_2_EXAMPLE);
  });
  afterAll(() => testApp.close());

  it('marks the kept chats of the questions the file changed, and of no other', async () => {
    const keyChanged = `${EXAM}_2`;
    const commentChanged = 'exemplo_2024_formato2_prova_6';
    const untouched = `${EXAM}_4`;
    const student = await aiStudent(testApp.app, testApp.database, {
      premium: true,
      checked: [keyChanged, commentChanged, untouched],
    });
    for (const id of [keyChanged, commentChanged, untouched]) {
      await askTutor(testApp.app, chatUrl(id), { message: 'Qual é o gabarito?' }, student.cookie);
    }

    const importer = createContentImportService(testApp.database.db);
    await importer.importContent(
      editedCatalog((catalog) => {
        catalog.question('alfa_2017_prova.json', '2').gabarito = 'B';
      }),
    );
    await importer.importContent(
      editedCatalog((catalog) => {
        const comment = catalog.question(FORMAT_2_EXAM, '6').comentario as { resumo: string };
        comment.resumo = `${comment.resumo} Revisado pela equipe.`;
      }, FORMAT_2_EXAMPLE),
    );

    const changesOf = async (id: string) =>
      (await historyOf(testApp, id, student.cookie)).changes.map(({ kind, from, to }) => ({
        kind,
        from,
        to,
      }));
    expect(await changesOf(keyChanged)).toEqual([{ kind: 'key', from: 'C', to: 'B' }]);
    expect(await changesOf(commentChanged)).toEqual([{ kind: 'comment', from: null, to: null }]);
    expect(await changesOf(untouched)).toEqual([]);
    // The next reply stands on the new key.
    const reply = await askTutor(
      testApp.app,
      chatUrl(keyChanged),
      { message: 'Qual é o gabarito?' },
      student.cookie,
    );
    expect(eventOf(reply.events, 'done').content).toContain('**B**');
    expect(eventOf(reply.events, 'done').charged).toBeNull();

    // The same files again change nothing more.
    await importer.importContent(
      editedCatalog((catalog) => {
        catalog.question('alfa_2017_prova.json', '2').gabarito = 'B';
      }),
    );
    expect(await changesOf(keyChanged)).toHaveLength(1);
  });
});

describe('a language model after a change of key or comment', () => {
  let provider: FakeProvider;
  let testApp: TestApp;
  let editor: string;
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
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
  });
  afterAll(async () => {
    await testApp.close();
    await provider.stop();
  });
  const app = () => testApp.app;
  /** Everything the model was sent in the last call, as text. */
  const lastPrompt = () => JSON.stringify(provider.requests.at(-1)!.body.messages);

  it('is not given the replies written before the key changed, and is told of the change', async () => {
    const QUESTION = `${EXAM}_4`;
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    provider.script({
      text: 'A resposta oficial é a alternativa B.',
      usage: { input: 900, output: 9 },
    });
    await askTutor(app(), chatUrl(QUESTION), { message: 'Qual é a resposta?' }, student.cookie);
    const stale = turnsOf(await historyOf(testApp, QUESTION, student.cookie));

    await applyKey(testApp, editor, 4, 'C');

    provider.script({ text: 'A banca mudou o gabarito para C.', usage: { input: 900, output: 9 } });
    const asked = await askTutor(
      app(),
      chatUrl(QUESTION),
      { message: 'E agora, qual é?', history: stale },
      student.cookie,
    );
    expect(eventOf(asked.events, 'done').charged).toBeNull();
    const prompt = lastPrompt();
    expect(prompt).not.toContain('A resposta oficial é a alternativa B.');
    expect(prompt).toContain('Gabarito oficial: C');
    expect(prompt).toContain('o gabarito oficial desta questão mudou de B para C');

    // Turns said after the change are the conversation again.
    provider.script({ text: 'Continua sendo C.', usage: { input: 900, output: 4 } });
    const kept = turnsOf(await historyOf(testApp, QUESTION, student.cookie));
    const next = await askTutor(
      app(),
      chatUrl(QUESTION),
      { message: 'Tem certeza?', history: kept },
      student.cookie,
    );
    expect(eventOf(next.events, 'done').charged).not.toBeNull();
    expect(lastPrompt()).toContain('A banca mudou o gabarito para C.');
    expect(lastPrompt()).not.toContain('A resposta oficial é a alternativa B.');
  });

  it('does not store an explanation whose writing began before the key changed', async () => {
    const QUESTION = `${EXAM}_2`;
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    const chunks = ['**Gabarito oficial: C**', '\n\nExplicação ', 'escrita ', 'antes.'];
    provider.script({ chunks, chunkDelayMs: 150, usage: { input: 900, output: 9 } });
    const writing = askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    await eventually(
      async () => provider.requests.at(-1)?.chunksSent ?? 0,
      (sent) => sent > 0,
    );
    await applyKey(testApp, editor, 2, 'D');
    // Its reader sees it, and pays for it, but it is not kept for anyone.
    expect(textOf((await writing).events)).toContain('Explicação escrita antes.');
    expect(
      await testApp.database.db
        .select()
        .from(aiFeedback)
        .where(eq(aiFeedback.questionId, QUESTION)),
    ).toEqual([]);
    provider.script({
      text: '**Gabarito oficial: D**\n\nExplicação nova.',
      usage: { input: 900, output: 9 },
    });
    const rewritten = await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    expect(eventOf(rewritten.events, 'meta').source).toBe('generated');
    expect(eventOf(rewritten.events, 'done').charged).toBeNull();
    expect(lastPrompt()).toContain('Gabarito oficial: D');
  });

  it('marks the kept chat and writes the explanation again, for free, when an editor changes the comment', async () => {
    const QUESTION = `${EXAM}_5`;
    const student = await aiStudent(app(), testApp.database, {
      premium: true,
      checked: [QUESTION],
    });
    provider.script({
      text: '**Gabarito oficial: C**\n\nExplicação.',
      usage: { input: 900, output: 9 },
    });
    await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    provider.script({ text: 'Porque sim.', usage: { input: 900, output: 3 } });
    await askTutor(app(), chatUrl(QUESTION), { message: 'Por que a C?' }, student.cookie);
    const spent = (await tokensOf(app(), student.cookie)).daily!.used;

    const adminUrl = `/api/admin/questions/${QUESTION}`;
    const editing = parsed(await get(app(), adminUrl, editor), questionEditingSchema);
    const saved = await send(
      app(),
      'PUT',
      adminUrl,
      {
        baseVersion: 0,
        snapshot: {
          ...editing.snapshot,
          comentario: {
            resumo: 'A interpretação pede a ideia central.',
            // A Certo/Errado item: its letters are C and E.
            alternativas: { C: 'Motivo do certo.', E: 'Motivo do errado.' },
          },
        },
      },
      editor,
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const history = await historyOf(testApp, QUESTION, student.cookie);
    expect(history.changes).toEqual([
      { kind: 'comment', from: null, to: null, at: expect.any(String) },
    ]);
    expect(history.freeReply).toBe(true);

    provider.script({
      text: '**Gabarito oficial: C**\n\nNova explicação.',
      usage: { input: 1200, output: 12 },
    });
    const rewritten = await askTutor(app(), feedbackUrl(QUESTION), {}, student.cookie);
    expect(textOf(rewritten.events)).toContain('Nova explicação.');
    expect(eventOf(rewritten.events, 'done').charged).toBeNull();
    expect(lastPrompt()).toContain('A interpretação pede a ideia central.');
    expect((await tokensOf(app(), student.cookie)).daily!.used).toEqual(spent);
    // The team paid it, as it paid the rewrites before it in this file.
    const [team] = await testApp.database.db
      .select()
      .from(operatorAiUsage)
      .where(eq(operatorAiUsage.task, 'feedback'));
    expect(team).toMatchObject({ calls: 2, inputTokens: 900 + 1200, outputTokens: 9 + 12 });
  });
});
