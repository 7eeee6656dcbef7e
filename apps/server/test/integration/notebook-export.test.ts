import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CADERNO_MAX_QUESTIONS,
  COMMON_ERROR_MESSAGES,
  NOTEBOOK_EXPORT_MESSAGES,
} from '@gabarita/shared';
import { get, send, signedInStudent } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { parseAnkiFile } from '../helpers/anki-text';

/** The notebook as files other tools take (docs/product-rules.md, "Notebook export"). */
describe('notebook export', () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    ({ cookie } = await signedInStudent(app(), testApp.database, { premium: true }));
    // Wrong on 1 (matemática, Frações) and 3 (matemática, Geometria, with its chart); right on 2.
    for (const [id, letter] of [
      ['alfa_2017_prova_1', 'B'],
      ['alfa_2017_prova_2', 'C'],
      ['alfa_2017_prova_3', 'A'],
    ] as const) {
      await send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);
    }
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const caderno = (body: unknown, as = cookie) =>
    send(app(), 'POST', '/api/me/review/export/caderno', body, as);

  it('writes the notebook as a spreadsheet, one row per question', async () => {
    const response = await get(app(), '/api/me/review/export/csv', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="gabarita-caderno-de-erros-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(rows[0]).toEqual([
      'Questão',
      'Prova',
      'Sua primeira resposta',
      'Gabarito',
      'Errou em',
      'Disciplina',
      'Assunto',
      'Link',
    ]);
    const byNumber = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byNumber.size).toBe(2);
    expect(byNumber.get('1')).toMatchObject({ 2: 'B', 3: 'A', 5: 'Matemática', 6: 'Frações' });
    expect(byNumber.get('3')).toMatchObject({ 2: 'A', 3: 'D', 6: 'Geometria' });
    expect(byNumber.get('1')![4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(byNumber.get('1')![7]).toBe(
      'http://localhost:3000/questoes?prova=alfa_2017_prova&q=alfa_2017_prova_1',
    );
  });

  it('writes an Anki file whose headers Anki reads, one deck per discipline, and keeps its ids', async () => {
    const first = await get(app(), '/api/me/review/export/anki', cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.headers['content-disposition']).toMatch(/filename="gabarita-anki-[\d-]+\.txt"/);
    const deck = parseAnkiFile(first.body);
    expect(deck.headers).toEqual({
      separator: 'tab',
      html: 'true',
      notetype: 'Basic',
      'guid column': '1',
      'deck column': '2',
      'tags column': '5',
    });
    expect(deck.rows).toHaveLength(2);
    const [q1, q3] = ['alfa_2017_prova_1', 'alfa_2017_prova_3'].map((id) =>
      deck.rows.find((row) => row[0] === `gabarita-questao-${id}`)!,
    );
    expect(q1![1]).toBe('Gabarita::Matemática');
    expect(q1![2]).toContain('Enunciado 1.');
    expect(q1![2]).toContain('<b>B)</b> Dois');
    expect(q1![3]).toContain('Gabarito: A');
    expect(q1![4]).toBe('Matemática::Frações');
    // The chart, at its address on the server.
    expect(q3![2]).toMatch(/<img src="http:\/\/localhost:3000\/api\/images\/[^"]+">/);

    // A second export names the same notes, so Anki updates them instead of adding copies.
    const second = parseAnkiFile((await get(app(), '/api/me/review/export/anki', cookie)).body);
    expect(second.rows.map((row) => row[0]).sort()).toEqual(deck.rows.map((row) => row[0]).sort());
  });

  it('puts the student’s own cards in the Anki file under their GUIDs, and a file of cards alone is fine', async () => {
    const owner = await signedInStudent(app(), testApp.database, { premium: true });
    const card = await send(
      app(),
      'POST',
      '/api/me/flashcards',
      { front: 'Capital do Brasil?\nEm uma palavra.', back: 'Brasília' },
      owner.cookie,
    );
    expect(card.statusCode, card.body).toBe(201);
    const guid = card.json().id as string;
    const file = await get(app(), '/api/me/review/export/anki', owner.cookie);
    expect(file.statusCode, file.body).toBe(200);
    const { rows } = parseAnkiFile(file.body);
    expect(rows).toEqual([
      [guid, 'Gabarita::Cartões', 'Capital do Brasil?<br>Em uma palavra.', 'Brasília', ''],
    ]);
    const again = parseAnkiFile(
      (await get(app(), '/api/me/review/export/anki', owner.cookie)).body,
    );
    expect(again.rows[0]![0]).toBe(guid);
  });

  it('prints a caderno with its figures, and the key on a page of its own only when asked', async () => {
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    const questionIds = ['alfa_2017_prova_3', 'alfa_2017_prova_1'];
    const withKey = await caderno({ questionIds, withKey: true, withComments: true });
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(withKey.headers['content-type']).toBe('application/pdf');
    expect(withKey.headers['content-disposition']).toMatch(
      /filename="gabarita-caderno-[\d-]+\.pdf"/,
    );
    const pdf = withKey.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The chart (an SVG drawn to PNG, its transparency as a mask of its own).
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const withoutKey = await caderno({ questionIds, withKey: false, withComments: false });
    expect(withoutKey.statusCode).toBe(200);
    expect(pages(pdf)).toBe(pages(withoutKey.rawPayload) + 1);

    const noFigure = await caderno({
      questionIds: ['alfa_2017_prova_1'],
      withKey: false,
      withComments: false,
    });
    expect(noFigure.statusCode).toBe(200);
    expect(noFigure.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('refuses a caderno of questions outside the notebook, of none or of too many, with the reason', async () => {
    const outside = await caderno({
      questionIds: ['alfa_2017_prova_2'],
      withKey: true,
      withComments: false,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error).toEqual({
      code: 'notebook/not-in-notebook',
      message: NOTEBOOK_EXPORT_MESSAGES.notInNotebook,
    });
    const none = await caderno({ questionIds: [], withKey: true, withComments: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain(NOTEBOOK_EXPORT_MESSAGES.noQuestions);
    const many = await caderno({
      questionIds: Array.from({ length: CADERNO_MAX_QUESTIONS + 1 }, (_, i) => `q${i}`),
      withKey: true,
      withComments: false,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toContain(NOTEBOOK_EXPORT_MESSAGES.tooManyQuestions);
  });

  it('says an empty notebook has nothing to export, and keeps the files Premium', async () => {
    const empty = await signedInStudent(app(), testApp.database, { premium: true });
    const response = await get(app(), '/api/me/review/export/csv', empty.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(NOTEBOOK_EXPORT_MESSAGES.emptyNotebook);

    const free = await signedInStudent(app(), testApp.database);
    for (const url of ['/api/me/review/export/csv', '/api/me/review/export/anki']) {
      const refused = await get(app(), url, free.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(COMMON_ERROR_MESSAGES['auth/premium-required']);
    }
  });
});
