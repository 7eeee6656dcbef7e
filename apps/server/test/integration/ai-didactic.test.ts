import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@gabarita/shared';
import { didacticContents } from '@/db/schema';
import { send } from '../helpers/accounts';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf, textOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const URL = '/api/didactic-content';
const SUBJECT = { disciplina: 'matematica', assunto: 'Geometria' };

describe('study texts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  const versions = () =>
    testApp.database.db
      .select()
      .from(didacticContents)
      .where(
        and(
          eq(didacticContents.disciplineCode, 'matematica'),
          eq(didacticContents.subject, 'Geometria'),
        ),
      );

  it('is for accounts entitled to AI, about a subject the catalogue has', async () => {
    const free = await aiStudent(app(), testApp.database);
    expect((await send(app(), 'POST', URL, SUBJECT, free.cookie)).json().error.code).toBe(
      'limit/ai',
    );
    const premium = await aiStudent(app(), testApp.database, { premium: true });
    const noDiscipline = await send(
      app(),
      'POST',
      URL,
      { disciplina: 'alquimia', assunto: 'Ouro' },
      premium.cookie,
    );
    expect(noDiscipline.statusCode).toBe(404);
    expect(noDiscipline.json().error.code).toBe('catalog/discipline-not-found');
    const noSubject = await send(
      app(),
      'POST',
      URL,
      { disciplina: 'matematica', assunto: 'Crase' },
      premium.cookie,
    );
    expect(noSubject.statusCode).toBe(404);
    expect(noSubject.json().error).toEqual({
      code: 'ai/subject-not-found',
      message: AI_MESSAGES.subjectNotFound,
    });
    const empty = await send(
      app(),
      'POST',
      URL,
      { disciplina: 'matematica', assunto: ' ' },
      premium.cookie,
    );
    expect(empty.statusCode).toBe(400);
  });

  it('is written from the catalogue questions of the subject, once, and shared', async () => {
    const writer = await aiStudent(app(), testApp.database, { premium: true });
    const first = await askTutor(app(), URL, SUBJECT, writer.cookie);
    expect(eventOf(first.events, 'meta')).toMatchObject({
      feature: 'didactic',
      source: 'generated',
    });
    const text = textOf(first.events);
    expect(text).toContain('## Geometria');
    expect(text).toContain('### Exemplos resolvidos');
    // Both Geometria questions of the mini catalogue are worked examples.
    expect(text).toContain('**Exemplo 2**');
    expect(eventOf(first.events, 'done').charged!.output).toBeGreaterThan(100);

    const holder = await aiStudent(app(), testApp.database, { packages: 1 });
    const cached = await askTutor(app(), URL, SUBJECT, holder.cookie);
    expect(eventOf(cached.events, 'meta').source).toBe('cache');
    expect(textOf(cached.events)).toBe(text);
    expect(eventOf(cached.events, 'done').charged).toBeNull();
    expect((await tokensOf(app(), holder.cookie)).package).toEqual({
      input: 80_000,
      output: 40_000,
    });
  });

  it('is not written again by the offline tutor: the same text, served free', async () => {
    const user = await aiStudent(app(), testApp.database, { premium: true });
    const first = await askTutor(app(), URL, SUBJECT, user.cookie);
    const used = (await tokensOf(app(), user.cookie)).daily!.used;
    const before = (await versions()).length;
    const again = await askTutor(app(), URL, { ...SUBJECT, regenerate: true }, user.cookie);
    expect(eventOf(again.events, 'meta').source).toBe('cache');
    expect(eventOf(again.events, 'done').charged).toBeNull();
    expect(textOf(again.events)).toBe(textOf(first.events));
    expect((await send(app(), 'DELETE', URL, SUBJECT, user.cookie)).statusCode).toBe(204);
    expect(await versions()).toHaveLength(before);
    expect((await tokensOf(app(), user.cookie)).daily!.used).toEqual(used);
  });
});

describe('study texts by a language model', () => {
  let provider: FakeProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    provider.script(() => ({ text: `## Geometria\n\nTexto ${Math.random()}` }));
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
  const versions = () =>
    testApp.database.db
      .select()
      .from(didacticContents)
      .where(
        and(
          eq(didacticContents.disciplineCode, 'matematica'),
          eq(didacticContents.subject, 'Geometria'),
        ),
      );

  it('is regenerated on request, keeping the earlier versions, and discarded by DELETE', async () => {
    const user = await aiStudent(app(), testApp.database, { premium: true });
    await askTutor(app(), URL, SUBJECT, user.cookie);
    const before = (await versions()).length;
    const again = await askTutor(app(), URL, { ...SUBJECT, regenerate: true }, user.cookie);
    expect(eventOf(again.events, 'meta').source).toBe('generated');
    expect(await versions()).toHaveLength(before + 1);

    expect((await send(app(), 'DELETE', URL, SUBJECT, user.cookie)).statusCode).toBe(204);
    expect((await versions()).every((version) => version.supersededAt !== null)).toBe(true);
    const rewritten = await askTutor(app(), URL, SUBJECT, user.cookie);
    expect(eventOf(rewritten.events, 'meta').source).toBe('generated');
  });
});
