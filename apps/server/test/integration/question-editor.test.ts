import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type QuestionSnapshot,
  auditPageSchema,
  questionEditingSchema,
  questionDetailSchema,
  questionSaveResponseSchema,
} from '@gabarita/shared';
import { exams } from '@/db/schema';
import { exportExams } from '@/modules/content-import/export/catalog-export';
import {
  ContentProblemsError,
  createContentImportService,
} from '@/modules/content-import/content-import.service';
import { APP_ORIGIN, get, send, signedInStudent } from '../helpers/accounts';
import { MINI_CATALOG } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipartFile } from '../helpers/zip';

const ID = 'alfa_2017_prova_1';
const URL = `/api/admin/questions/${ID}`;

describe('question editor', () => {
  let testApp: TestApp;
  let cookie: string;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-editor-'));
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    cookie = (
      await signedInStudent(testApp.app, testApp.database, { role: 'editor', name: 'Edu Editor' })
    ).cookie;
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(out, { recursive: true, force: true });
  });
  const app = () => testApp.app;
  const editing = async () => parsed(await get(app(), URL, cookie), questionEditingSchema);
  const save = (snapshot: QuestionSnapshot, baseVersion: number) =>
    send(app(), 'PUT', URL, { snapshot, baseVersion }, cookie);
  const statement = async () =>
    parsed(await get(app(), `/api/questions/${ID}`), questionDetailSchema).statementHtml;

  it('saves through the importer, keeps versions with their changes, and restores any of them', async () => {
    const start = await editing();
    expect(start).toMatchObject({
      questionId: ID,
      examId: 'alfa_2017_prova',
      number: 1,
      versions: [],
    });
    const original = start.snapshot;
    expect(original.gabarito).toBe('A');
    const before = await statement();

    const edited: QuestionSnapshot = {
      ...original,
      questao: '<p>Enunciado revisado: quanto é 2 + 2?</p><script>alert(1)</script>',
      comentario: {
        resumo: 'Soma simples.',
        alternativas: Object.fromEntries(
          original.Alternativas.map((_, index) => [String.fromCharCode(65 + index), 'Motivo.']),
        ),
      },
    };
    const saved = await save(edited, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Questão salva (versão 2).');
    const after = parsed(saved, questionSaveResponseSchema).editing;
    // Sanitized as an import would, and stored as sanitized.
    expect(after.snapshot.questao).toBe('<p>Enunciado revisado: quanto é 2 + 2?</p>');
    expect(after.versions.map((v) => [v.version, v.source, v.changes, v.createdByName])).toEqual([
      [2, 'edit', ['Enunciado alterado', 'Comentário incluído'], 'Edu Editor'],
      [1, 'import', [], null],
    ]);
    // Students see it at once.
    // Every instance's cache hears of it by NOTIFY (a few milliseconds later on PostgreSQL).
    const revised = '<p>Enunciado revisado: quanto é 2 + 2?</p>';
    expect(await eventually(statement, (html) => html === revised)).toBe(revised);

    // Nothing changed: no version.
    expect((await save(after.snapshot, 2)).json().message).toBe(
      'Nada mudou: nenhuma versão nova foi criada.',
    );
    // Someone saved meanwhile: refused, nothing lost.
    const stale = await save({ ...after.snapshot, questao: '<p>Outra</p>' }, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('editor/stale');

    const version = (await get(app(), `${URL}/versions/2`, cookie)).json();
    expect(version.snapshot.questao).toBe('<p>Enunciado revisado: quanto é 2 + 2?</p>');
    expect(version.previous.questao).toBe(original.questao);

    const restored = await send(
      app(),
      'POST',
      `${URL}/versions/1/restore`,
      { baseVersion: 2 },
      cookie,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Versão 1 restaurada como versão 3.');
    expect(restored.json().editing.snapshot).toEqual(original);
    expect(await eventually(statement, (html) => html === before)).toBe(before);

    const audit = parsed(await get(app(), `/api/admin/audit?alvo=${ID}`, cookie), auditPageSchema);
    expect(audit.entries.map((entry) => [entry.action, entry.summary])).toEqual([
      [
        'question.restore',
        'Versão 1 restaurada (versão 3): Enunciado alterado; Comentário removido',
      ],
      ['question.edit', 'Questão editada (versão 2): Enunciado alterado; Comentário incluído'],
    ]);
  });

  it("dates version 1, the 'Importação', with the import, not with the first save", async () => {
    // The exam was imported yesterday; its questions are first edited today, one after the other.
    const [imported] = await testApp.database.db
      .update(exams)
      .set({ updatedAt: sql`now() - interval '1 day'` })
      .where(eq(exams.id, 'alfa_2017_prova'))
      .returning({ at: exams.updatedAt });
    for (const id of ['alfa_2017_prova_2', 'alfa_2017_prova_3']) {
      const url = `/api/admin/questions/${id}`;
      const { snapshot } = parsed(await get(app(), url, cookie), questionEditingSchema);
      const saved = await send(
        app(),
        'PUT',
        url,
        {
          snapshot: { ...snapshot, questao: `<p>Enunciado revisado de ${id}.</p>` },
          baseVersion: 0,
        },
        cookie,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const [edit, first] = parsed(saved, questionSaveResponseSchema).editing.versions;
      expect(first).toMatchObject({ version: 1, source: 'import' });
      expect(Date.parse(first!.createdAt)).toBe(imported!.at.getTime());
      expect(Date.now() - Date.parse(edit!.createdAt)).toBeLessThan(60_000);
    }
  });

  it('refuses what an import would refuse, at its field, and key changes, changing nothing', async () => {
    const current = await editing();
    const latest = current.versions[0]!.version;
    const invalid = await save(
      {
        ...current.snapshot,
        // Half of an emoji: JSON carries it, PostgreSQL would refuse it.
        questao: `${current.snapshot.questao}\ud83d`,
        disciplina: 'astrologia',
        Alternativas: [...current.snapshot.Alternativas.slice(0, -1), 'E) '],
      },
      latest,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('editor/invalid');
    expect(invalid.json().error.message).toMatch(
      /^A questão não foi salva: \d+ problemas? a corrigir\.$/,
    );
    expect(invalid.json().error.fields).toEqual({
      questao: expect.stringContaining(
        'contém o caractere incompleto U+D83D (metade de um emoji ou símbolo cortado)',
      ),
      disciplina: expect.stringContaining('disciplina desconhecida: "astrologia"'),
      'Alternativas[3]': 'a alternativa E está vazia',
    });

    const key = await save({ ...current.snapshot, gabarito: 'B' }, latest);
    expect(key.statusCode).toBe(409);
    expect(key.json().error.message).toBe(
      'Para mudar o gabarito ou anular a questão, use "Gabarito definitivo": ele recalcula as respostas já dadas.',
    );
    expect((await editing()).versions).toHaveLength(current.versions.length);
    expect((await get(app(), `${URL}/versions/99`, cookie)).statusCode).toBe(404);
  });

  it('a re-import does not silently undo an edit: it is reported, and overwritten only on purpose', async () => {
    const current = await editing();
    const saved = await save(
      { ...current.snapshot, questao: '<p>Corrigido no console.</p>' },
      current.versions[0]!.version,
    );
    expect(saved.statusCode).toBe(200);
    const importer = createContentImportService(testApp.database.db);

    const refused = await importer.importContent(MINI_CATALOG).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentProblemsError);
    const [problem] = (refused as ContentProblemsError).problems;
    expect(problem).toMatchObject({ file: 'provas/alfa_2017_prova.json', path: '$.questoes.1' });
    expect(problem!.message).toContain('desfaria a edição feita no console por Edu Editor');
    expect(problem!.message).toContain('Enunciado alterado');
    const corrected = '<p>Corrigido no console.</p>';
    expect(await eventually(statement, (html) => html === corrected)).toBe(corrected);

    // A file that carries the edit imports without a word.
    const dir = path.join(out, 'com-a-edicao');
    await exportExams(testApp.database.db, dir, ['alfa_2017_prova']);
    await importer.importContent(dir);

    await importer.importContent(MINI_CATALOG, undefined, { overwriteEdits: true });
    expect(await eventually(statement, (html) => html !== '<p>Corrigido no console.</p>')).not.toBe(
      '<p>Corrigido no console.</p>',
    );
    const [newest] = (await editing()).versions;
    expect(newest).toMatchObject({
      source: 'import',
      changes: ['Enunciado alterado'],
      createdByName: 'Importação de conteúdo (substituiu a edição do console)',
    });
    // After that, the file is the reference again: re-importing it is quiet.
    await importer.importContent(MINI_CATALOG);
  });

  it("replaces an image with the importer's checks, for every question that shows it", async () => {
    const upload = (assetId: string, filename: string, content: Buffer) => {
      const body = multipartFile(filename, content, 'imagem');
      return app().inject({
        method: 'PUT',
        url: `/api/admin/images/${assetId}`,
        headers: { ...body.headers, cookie, origin: APP_ORIGIN },
        payload: body.payload,
      });
    };
    const imageUrl = async () =>
      parsed(await get(app(), '/api/questions/alfa_2017_prova_3'), questionDetailSchema).image!.url;
    const before = await imageUrl();
    const assetId = before.split('?')[0]!.split('/').pop()!;

    // What the sanitizer would have to remove is refused with its reason, as in an import.
    const hostile = await upload(
      assetId,
      'grafico-novo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#0f766e"/><script>alert(1)</script></svg>',
      ),
    );
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.message).toContain('<script>');
    expect(await imageUrl()).toBe(before);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#0f766e"/></svg>',
    );
    const replaced = await upload(assetId, 'grafico-novo.svg', svg);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().message).toBe(
      `Imagem ${assetId} substituída em todas as questões que a usam.`,
    );
    const after = await eventually(imageUrl, (url) => url !== before);
    expect(after).not.toBe(before);
    const served = await get(app(), after);
    expect(served.body).toContain('fill="#0f766e"');

    const wrong = await upload(assetId, 'foto.png', svg);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('editor/image-invalid');
    expect((await upload(assetId, 'notas.txt', Buffer.from('x'))).json().error.message).toBe(
      'Envie uma imagem .svg, .png, .jpg, .webp ou .gif.',
    );
    expect((await upload('nao_existe', 'a.svg', svg)).statusCode).toBe(404);
    expect(await imageUrl()).toBe(after);

    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=image.replace', cookie),
      auditPageSchema,
    );
    expect(audit.entries.map((entry) => entry.summary)).toEqual([
      `Imagem ${assetId} substituída por grafico-novo.svg`,
    ]);
  });
});
