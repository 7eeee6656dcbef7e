import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../src/db/client';
import { exams, questionHistory, questions, referenceTexts } from '../../src/db/schema';
import { createContentImportService } from '../../src/modules/catalog/import/content-import.service';
import { createPasswordUser } from '../helpers/accounts';
import { type EditableCatalog, editedCatalog, MINI_CATALOG } from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('content import', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  const db = () => database.db;
  const examCount = async () => (await db().select().from(exams)).length;

  it('imports exams, questions, reference texts and images', async () => {
    const progress: string[] = [];
    const result = await createContentImportService(db()).importContent(MINI_CATALOG, (line) =>
      progress.push(line),
    );
    expect(result).toMatchObject({ exams: 3, questions: 10 });
    expect(progress[0]).toBe('Validado: 3 prova(s), 10 questão(ões), 1 imagem(ns).');
    expect(progress.at(-1)).toBe('  3/3 provas gravadas');

    const [question] = await db()
      .select()
      .from(questions)
      .where(eq(questions.id, 'alfa_2017_prova_5'));
    expect(question).toMatchObject({
      examId: 'alfa_2017_prova',
      number: 5,
      answerLetter: 'C',
      alternatives: [
        { letter: 'C', text: 'Certo' },
        { letter: 'E', text: 'Errado' },
      ],
      referenceKeys: ['id_texto_1'],
    });
    const [exam] = await db().select().from(exams).where(eq(exams.id, 'alfa_2017_prova'));
    expect(exam).toMatchObject({
      cargoGeral: 'Professor',
      orgao: 'Câmara de Alfa',
      questionCount: 5,
      demonstration: true,
    });
  });

  const invalidCases: [string, (catalog: EditableCatalog) => void, string][] = [
    [
      'gabarito not among the alternatives',
      (e) => (e.question('alfa_2017_prova.json', '1').gabarito = 'E'),
      'provas/alfa_2017_prova.json $.questoes.1.gabarito: "E" não está entre as alternativas (A, B, C, D)',
    ],
    [
      'dangling reference',
      (e) => (e.question('alfa_2017_prova.json', '4').referencia = ['id_texto_9']),
      'provas/alfa_2017_prova.json $.questoes.4.referencia[0]: texto de referência inexistente: "id_texto_9"',
    ],
    [
      'duplicate id',
      (e) => (e.exam('gama_2015_prova.json').id = 'beta_2015_prova'),
      'id duplicado: "beta_2015_prova"',
    ],
    [
      'unknown discipline',
      (e) => (e.question('gama_2015_prova.json', '2').disciplina = 'astrologia'),
      'provas/gama_2015_prova.json $.questoes.2.disciplina: disciplina desconhecida: "astrologia" não está em disciplinas.json',
    ],
    [
      'missing image',
      (e) => (e.question('alfa_2017_prova.json', '3').img = ['nao_existe', 'Descrição']),
      'provas/alfa_2017_prova.json $.questoes.3.img[0]: imagem ausente: nenhum arquivo imagens/nao_existe.(svg|png|jpg|webp)',
    ],
    [
      'TOTAL not matching',
      (e) => (e.exam('beta_2015_prova.json').TOTAL = '4'),
      'provas/beta_2015_prova.json $.TOTAL: diz 4, mas a prova tem 3 questões',
    ],
    [
      'disciplinas map not matching',
      (e) => (e.exam('beta_2015_prova.json').disciplinas.fisica!.assuntos['Cinemática'] = '3'),
      'provas/beta_2015_prova.json $.disciplinas.fisica.assuntos.Cinemática: diz 3, mas há 2 questões deste assunto',
    ],
    [
      'alternatives without letters',
      (e) => (e.question('beta_2015_prova.json', '3').Alternativas = ['Sim', 'B) Não']),
      'provas/beta_2015_prova.json $.questoes.3.Alternativas[0]: deve começar com a letra e ")", como "A) ..."',
    ],
  ];

  it.each(invalidCases)(
    'rejects %s with file and path, writing nothing',
    async (_name, edit, message) => {
      const fresh = await createTestDatabase();
      try {
        const dir = editedCatalog(edit);
        await expect(createContentImportService(fresh.db).importContent(dir)).rejects.toThrow(
          message,
        );
        expect((await fresh.db.select().from(exams)).length).toBe(0);
      } finally {
        await fresh.destroy();
      }
    },
  );

  it('reports every problem at once', async () => {
    const dir = editedCatalog((e) => {
      e.question('alfa_2017_prova.json', '1').gabarito = 'E';
      e.exam('beta_2015_prova.json').TOTAL = '9';
    });
    await expect(createContentImportService(db()).importContent(dir)).rejects.toThrow(
      /Nada foi importado: 2 problema\(s\)/,
    );
  });

  it('is all or nothing: one broken exam keeps the others out', async () => {
    const before = await examCount();
    const dir = editedCatalog((e) => {
      e.files.set('novo_2020_prova.json', {
        ...structuredClone(e.exam('beta_2015_prova.json')),
        id: 'novo_2020_prova',
      });
      e.question('gama_2015_prova.json', '1').gabarito = 'Z';
    });
    await expect(createContentImportService(db()).importContent(dir)).rejects.toThrow();
    expect(await examCount()).toBe(before);
  });

  it('re-imports in place and keeps users history', async () => {
    const { user } = await createPasswordUser(db());
    await db().insert(questionHistory).values({
      userId: user.id,
      questionId: 'beta_2015_prova_1',
      response: 'c',
      chosenLetter: 'A',
    });
    const dir = editedCatalog((e) => {
      e.question('beta_2015_prova.json', '1').questao = '<p>Enunciado revisado.</p>';
    });

    await createContentImportService(db()).importContent(dir);
    await createContentImportService(db()).importContent(dir);

    expect(await examCount()).toBe(3);
    expect((await db().select().from(questions)).length).toBe(10);
    const [question] = await db()
      .select()
      .from(questions)
      .where(eq(questions.id, 'beta_2015_prova_1'));
    expect(question!.statementHtml).toBe('<p>Enunciado revisado.</p>');
    const history = await db()
      .select()
      .from(questionHistory)
      .where(eq(questionHistory.userId, user.id));
    expect(history).toEqual([
      expect.objectContaining({ questionId: 'beta_2015_prova_1', response: 'c' }),
    ]);
  });

  it('makes an XSS corpus inert', async () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">clique</a>',
      '<iframe src="https://malicioso.example"></iframe>',
      '<p style="background:url(https://rastreador.example/x.png)" onclick="alert(1)">texto</p>',
      '<svg onload=alert(1)><circle r=1 /></svg>',
      '<p>ok <strong>negrito</strong><sub>2</sub></p>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<object data="https://malicioso.example/x.swf"></object>',
      '<link rel="stylesheet" href="https://malicioso.example/x.css">',
    ].join('');
    const dir = editedCatalog((e) => {
      e.question('gama_2015_prova.json', '2').questao = corpus;
      e.exam('gama_2015_prova.json').id_texto_x = corpus;
    });
    await createContentImportService(db()).importContent(dir);
    const [question] = await db()
      .select()
      .from(questions)
      .where(eq(questions.id, 'gama_2015_prova_2'));
    const [reference] = await db()
      .select()
      .from(referenceTexts)
      .where(eq(referenceTexts.key, 'id_texto_x'));
    for (const html of [question!.statementHtml, reference!.html]) {
      expect(html).not.toMatch(
        /<script|onerror|onclick|onload|javascript:|<iframe|<img|<svg|<object|<link|style=|https?:/i,
      );
      expect(html).toContain('<p>ok <strong>negrito</strong><sub>2</sub></p>');
    }
  });

  it('imports the demonstration catalogue as the spec shapes it', async () => {
    const sample = path.join(import.meta.dirname, '../../../../content/sample');
    const fresh = await createTestDatabase();
    try {
      await createContentImportService(fresh.db).importContent(sample);
      const summary = await executeRows<{
        ano: string;
        exams: number;
        bancas: number;
        orgaos: number;
      }>(
        fresh.db,
        sql`select ano, count(*)::int as exams, count(distinct instituicao)::int as bancas,
                   count(distinct orgao)::int as orgaos
            from exams group by ano order by ano`,
      );
      expect(summary).toEqual([
        { ano: '2015', exams: 10, bancas: 1, orgaos: 1 },
        { ano: '2017', exams: 8, bancas: 1, orgaos: 1 },
      ]);
      const perDiscipline = await executeRows<{
        code: string;
        questions: number;
        subjects: number;
      }>(
        fresh.db,
        sql`select d.code, count(q.id)::int as questions, count(distinct q.subject_id)::int as subjects
            from disciplines d left join questions q on q.discipline_code = d.code group by d.code`,
      );
      expect(perDiscipline).toHaveLength(23);
      for (const row of perDiscipline) {
        expect(row.questions, row.code).toBeGreaterThanOrEqual(5);
        expect(row.subjects, row.code).toBeGreaterThanOrEqual(2);
      }
      const [totals] = await executeRows<{
        questions: number;
        with_reference: number;
        with_image: number;
      }>(
        fresh.db,
        sql`select count(*)::int as questions,
                   count(*) filter (where jsonb_array_length(reference_keys) > 0)::int as with_reference,
                   count(*) filter (where image_asset_id is not null)::int as with_image
            from questions`,
      );
      expect(totals!.questions).toBeGreaterThanOrEqual(180);
      expect(totals!.with_reference).toBeGreaterThanOrEqual(10);
      expect(totals!.with_image).toBeGreaterThanOrEqual(5);
    } finally {
      await fresh.destroy();
    }
  });
});
