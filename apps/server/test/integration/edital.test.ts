import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITAL_LIMITS,
  EDITAL_MESSAGES,
  EDITAL_PDF_FIELD,
  editalDetailSchema,
  editalListResponseSchema,
  editalPdfTextResponseSchema,
  syllabusPreviewResponseSchema,
} from '@gabarita/shared';
import { editais } from '@/db/schema';
import { APP_ORIGIN, get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { makeImageOnlyPdf, makeTextPdf, tenPageEdital } from '../helpers/edital-pdfs';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SYLLABUS = `CONHECIMENTOS BÁSICOS
LÍNGUA PORTUGUESA: 1 Compreensão e interpretação de textos. 2 Ortografia oficial. 3 Emprego das classes de palavras. 3.1 Substantivo. 3.2 Verbo.
RACIOCÍNIO LÓGICO: 1 Proposições. 2 Conectivos. 3 Tabelas-verdade.`;

function multipart(content: Buffer, field = EDITAL_PDF_FIELD) {
  const boundary = '----gabarita-edital';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="edital.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** "Meu edital": taking a syllabus and keeping it (docs/product-rules.md, "Plano de estudos"). */
describe('editais', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const student = () => signedInStudent(app(), testApp.database);
  const upload = (cookie: string, content: Buffer) => {
    const form = multipart(content);
    return app().inject({
      method: 'POST',
      url: '/api/me/editais/pdf',
      headers: { origin: APP_ORIGIN, 'content-type': form.contentType, cookie },
      payload: form.body,
    });
  };
  const savedCount = async (userId: string) =>
    (await db().select({ id: editais.id }).from(editais).where(eq(editais.userId, userId))).length;
  const expectError = (
    response: { statusCode: number; json: () => { error: { code: string; message: string } } },
    status: number,
    code: string,
    message: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ code, message });
  };

  it('needs a session', async () => {
    expect((await get(app(), '/api/me/editais')).statusCode).toBe(401);
    expect(
      (await send(app(), 'POST', '/api/me/editais/previa', { text: SYLLABUS })).statusCode,
    ).toBe(401);
  });

  it('previews a pasted syllabus without saving it', async () => {
    const { cookie, user } = await student();
    const response = await send(
      app(),
      'POST',
      '/api/me/editais/previa',
      { text: SYLLABUS },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = parsed(response, syllabusPreviewResponseSchema);
    expect(preview.topicCount).toBe(8);
    expect(preview.disciplines.map((d) => [d.name, d.topics.length])).toEqual([
      ['LÍNGUA PORTUGUESA', 3],
      ['RACIOCÍNIO LÓGICO', 3],
    ]);
    expect(preview.disciplines[0]?.topics[2]?.children.map((t) => t.number)).toEqual([
      '3.1',
      '3.2',
    ]);
    expect(await savedCount(user.id)).toBe(0);
  });

  it('saves an edital, reads it back, lists, renames, dates and deletes it', async () => {
    const { cookie, user } = await student();
    const created = await send(
      app(),
      'POST',
      '/api/me/editais',
      { name: '  TRF 1ª Região – Técnico  ', examDate: '2027-03-14', text: SYLLABUS },
      cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const edital = parsed(created, editalDetailSchema);
    expect(edital).toMatchObject({
      name: 'TRF 1ª Região – Técnico',
      examDate: '2027-03-14',
      disciplineCount: 2,
      topicCount: 8,
    });

    const read = parsed(
      await get(app(), `/api/me/editais/${edital.id}`, cookie),
      editalDetailSchema,
    );
    expect(read).toEqual(edital);
    expect(read.disciplines[1]).toEqual({
      name: 'RACIOCÍNIO LÓGICO',
      topics: [
        { number: '1', text: 'Proposições', children: [] },
        { number: '2', text: 'Conectivos', children: [] },
        { number: '3', text: 'Tabelas-verdade', children: [] },
      ],
    });
    const [row] = await db().select().from(editais).where(eq(editais.id, edital.id));
    expect(row).toMatchObject({ userId: user.id, sourceText: SYLLABUS });

    const second = await send(
      app(),
      'POST',
      '/api/me/editais',
      { name: 'Prefeitura', text: SYLLABUS },
      cookie,
    );
    expect(parsed(second, editalDetailSchema).examDate).toBeNull();
    const list = parsed(await get(app(), '/api/me/editais', cookie), editalListResponseSchema);
    expect(list.editais.map((e) => e.name)).toEqual(['Prefeitura', 'TRF 1ª Região – Técnico']);

    const renamed = await send(
      app(),
      'PATCH',
      `/api/me/editais/${edital.id}`,
      { name: 'TRF 1 – Técnico Judiciário', examDate: null },
      cookie,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(parsed(renamed, editalDetailSchema)).toMatchObject({
      name: 'TRF 1 – Técnico Judiciário',
      examDate: null,
      topicCount: 8,
    });

    expect(
      (await send(app(), 'DELETE', `/api/me/editais/${edital.id}`, undefined, cookie)).statusCode,
    ).toBe(204);
    expectError(
      await get(app(), `/api/me/editais/${edital.id}`, cookie),
      404,
      'edital/not-found',
      EDITAL_MESSAGES.notFound,
    );
    expect(await savedCount(user.id)).toBe(1);
  });

  it("keeps each student's editais private", async () => {
    const owner = await student();
    const other = await student();
    const edital = parsed(
      await send(app(), 'POST', '/api/me/editais', { name: 'Meu', text: SYLLABUS }, owner.cookie),
      editalDetailSchema,
    );
    const path = `/api/me/editais/${edital.id}`;
    expectError(
      await get(app(), path, other.cookie),
      404,
      'edital/not-found',
      EDITAL_MESSAGES.notFound,
    );
    expectError(
      await send(app(), 'PATCH', path, { name: 'Roubado' }, other.cookie),
      404,
      'edital/not-found',
      EDITAL_MESSAGES.notFound,
    );
    expectError(
      await send(app(), 'DELETE', path, undefined, other.cookie),
      404,
      'edital/not-found',
      EDITAL_MESSAGES.notFound,
    );
    expect(
      parsed(await get(app(), '/api/me/editais', other.cookie), editalListResponseSchema).editais,
    ).toEqual([]);
    expect(parsed(await get(app(), path, owner.cookie), editalDetailSchema).name).toBe('Meu');
  });

  it('refuses text with no items, empty text and 2 MB of text, saving nothing', async () => {
    const { cookie, user } = await student();
    expectError(
      await send(
        app(),
        'POST',
        '/api/me/editais',
        { name: 'X', text: 'Edital de abertura. Das inscrições.' },
        cookie,
      ),
      422,
      'edital/no-items',
      EDITAL_MESSAGES.noItems,
    );
    expectError(
      await send(
        app(),
        'POST',
        '/api/me/editais/previa',
        { text: 'ANEXO II\nCONTEÚDO PROGRAMÁTICO' },
        cookie,
      ),
      422,
      'edital/no-items',
      EDITAL_MESSAGES.noItems,
    );
    expectError(
      await send(app(), 'POST', '/api/me/editais', { name: 'X', text: '   ' }, cookie),
      422,
      'edital/text-empty',
      EDITAL_MESSAGES.textEmpty,
    );
    const big = 'LÍNGUA PORTUGUESA: 1 Ortografia. 2 Crase.\n'.repeat(50_000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(2 * 1024 * 1024);
    for (const url of ['/api/me/editais', '/api/me/editais/previa']) {
      expectError(
        await send(app(), 'POST', url, { name: 'X', text: big }, cookie),
        400,
        'request/invalid',
        EDITAL_MESSAGES.textTooLong,
      );
    }
    expectError(
      await send(app(), 'POST', '/api/me/editais', { name: '', text: SYLLABUS }, cookie),
      400,
      'request/invalid',
      EDITAL_MESSAGES.nameRequired,
    );
    expectError(
      await send(
        app(),
        'POST',
        '/api/me/editais',
        { name: 'X', examDate: '2027-02-30', text: SYLLABUS },
        cookie,
      ),
      400,
      'request/invalid',
      EDITAL_MESSAGES.invalidExamDate,
    );
    expect(await savedCount(user.id)).toBe(0);
  });

  it(`keeps at most ${EDITAL_LIMITS.perStudent} editais per student`, async () => {
    const { cookie, user } = await student();
    await db()
      .insert(editais)
      .values(
        Array.from({ length: EDITAL_LIMITS.perStudent }, (_, i) => ({
          userId: user.id,
          name: `Edital ${i}`,
          syllabus: [],
          topicCount: 0,
          sourceText: '',
        })),
      );
    expectError(
      await send(app(), 'POST', '/api/me/editais', { name: 'Mais um', text: SYLLABUS }, cookie),
      409,
      'edital/too-many',
      EDITAL_MESSAGES.tooMany,
    );
    expect(await savedCount(user.id)).toBe(EDITAL_LIMITS.perStudent);
  });

  describe('PDF upload', () => {
    it('gives the text of a 10-page edital and where its syllabus is, which then parses', async () => {
      const { cookie } = await student();
      const edital = tenPageEdital();
      const response = await upload(cookie, await makeTextPdf(edital.pages));
      expect(response.statusCode, response.body).toBe(200);
      const pdf = parsed(response, editalPdfTextResponseSchema);
      expect(pdf.pages).toBe(10);
      expect(pdf.section?.heading).toBe('ANEXO II – CONTEÚDO PROGRAMÁTICO');
      const cut = pdf.text.slice(pdf.section!.start, pdf.section!.end);
      expect(cut.startsWith('LÍNGUA PORTUGUESA:')).toBe(true);
      const preview = parsed(
        await send(app(), 'POST', '/api/me/editais/previa', { text: cut }, cookie),
        syllabusPreviewResponseSchema,
      );
      expect(preview.disciplines.map((d) => d.name)).toEqual(edital.disciplines);
      expect(preview.topicCount).toBe(edital.disciplines.length * edital.topicsPerDiscipline);
    });

    it('refuses a PDF over 10 MB', async () => {
      const { cookie } = await student();
      const big = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.alloc(EDITAL_LIMITS.pdfMaxBytes),
      ]);
      expectError(
        await upload(cookie, big),
        413,
        'edital/pdf-too-large',
        EDITAL_MESSAGES.pdfTooLarge,
      );
    });

    it(`refuses a PDF of more than ${EDITAL_LIMITS.pdfMaxPages} pages`, async () => {
      const { cookie } = await student();
      const pages = Array.from({ length: EDITAL_LIMITS.pdfMaxPages + 1 }, (_, i) => [
        `Página ${i + 1}`,
      ]);
      expectError(
        await upload(cookie, await makeTextPdf(pages)),
        422,
        'edital/pdf-too-many-pages',
        EDITAL_MESSAGES.pdfTooManyPages,
      );
    });

    it('tells a scanned (image-only) PDF apart', async () => {
      const { cookie } = await student();
      expectError(
        await upload(cookie, await makeImageOnlyPdf(3)),
        422,
        'edital/pdf-image-only',
        EDITAL_MESSAGES.pdfImageOnly,
      );
    });

    it('reads at most 30 PDFs per account per hour', async () => {
      const { cookie } = await student();
      const other = await student();
      const notPdf = Buffer.from('não é um PDF');
      for (let i = 0; i < 30; i++) {
        expect((await upload(cookie, notPdf)).json().error.code).toBe('edital/pdf-unreadable');
      }
      const refused = await upload(cookie, notPdf);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('request/rate-limited');
      expect((await upload(other.cookie, notPdf)).json().error.code).toBe('edital/pdf-unreadable');
    });

    it('refuses a file that is not a PDF, and a form without the file', async () => {
      const { cookie } = await student();
      expectError(
        await upload(cookie, Buffer.from('não é um PDF')),
        422,
        'edital/pdf-unreadable',
        EDITAL_MESSAGES.pdfUnreadable,
      );
      const form = multipart(Buffer.from('x'), 'outro');
      const response = await app().inject({
        method: 'POST',
        url: '/api/me/editais/pdf',
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json', cookie },
        payload: '{}',
      });
      expectError(response, 400, 'edital/pdf-missing', EDITAL_MESSAGES.pdfMissing);
      expect(form.body.length).toBeGreaterThan(0);
    });
  });
});
