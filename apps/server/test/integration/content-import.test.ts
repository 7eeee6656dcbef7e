import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import {
  examDisciplines,
  exams,
  images,
  questionHistory,
  questions,
  referenceTexts,
  sessions,
} from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
  embeddedCeilingWarning,
  type ImportOptions,
} from '@/modules/content-import/content-import.service';
import { importPace } from '@/modules/content-import/import-pace';
import { statisticsKeptUp } from '@/modules/content-import/import-statistics';
import { writeSyntheticCatalog } from '@/modules/content-import/synth/synthesize';
import type { Problem } from '@/modules/content-import/problems';
import { createPasswordUser } from '../helpers/accounts';
import {
  type EditableCatalog,
  editedCatalog,
  FORMAT_2_EXAM,
  FORMAT_2_EXAMPLE,
  MINI_CATALOG,
} from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ALFA = 'alfa_2017_prova.json';
const BETA = 'beta_2015_prova.json';
const GAMA = 'gama_2015_prova.json';

describe('content import', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  const db = () => database.db;
  const service = () => createContentImportService(db());
  const examCount = async () => (await db().select().from(exams)).length;

  /** The problems of a folder that must be refused; nothing may be written. */
  async function problemsOf(dir: string, options: ImportOptions = {}): Promise<Problem[]> {
    const before = await examCount();
    const error = await service()
      .importContent(dir, undefined, options)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ContentProblemsError);
    expect(await examCount()).toBe(before);
    return (error as ContentProblemsError).problems;
  }
  const v2 = (edit: (catalog: EditableCatalog) => void) => editedCatalog(edit, FORMAT_2_EXAMPLE);
  const v2Question = (catalog: EditableCatalog, number: string) =>
    catalog.question(FORMAT_2_EXAM, number);

  describe('format 1', () => {
    it('imports exams, questions, reference texts and images, with progress', async () => {
      const progress: string[] = [];
      const result = await service().importContent(MINI_CATALOG, (line) => progress.push(line));
      expect(result).toMatchObject({ exams: 3, questions: 10 });
      // Each line of the writing phase has the rate since the one before; all but the last, the
      // time left at that rate.
      expect(progress).toContainEqual(
        expect.stringMatching(/^ {2}1\/3 provas gravadas · [\d.]+ questões\/min · falta/),
      );
      expect(progress).toContainEqual(
        expect.stringMatching(/^ {2}3\/3 provas gravadas · [\d.]+ questões\/min$/),
      );
      expect(
        progress.some((line) => /^Validado em .+: 3 provas, 10 questões, 1 imagem\.$/.test(line)),
      ).toBe(true);

      const [question] = await db()
        .select()
        .from(questions)
        .where(eq(questions.id, 'alfa_2017_prova_5'));
      expect(question).toMatchObject({
        examId: 'alfa_2017_prova',
        number: 5,
        answerLetter: 'C',
        alternatives: [
          { letter: 'C', text: 'Certo', html: null, figure: null },
          { letter: 'E', text: 'Errado', html: null, figure: null },
        ],
        referenceKeys: ['id_texto_1'],
        status: 'regular',
      });
      const [exam] = await db().select().from(exams).where(eq(exams.id, 'alfa_2017_prova'));
      expect(exam).toMatchObject({
        cargoGeral: 'Professor',
        orgao: 'Câmara de Alfa',
        questionCount: 5,
        annulledCount: 0,
        demonstration: true,
        source: null,
      });
      const [image] = await db().select().from(images).where(eq(images.assetId, 'grafico'));
      expect(image).toMatchObject({ contentType: 'image/svg+xml', width: 120, height: 80 });
    });

    it('reads alternatives as HTML reduced to text, entities decoded', async () => {
      const dir = editedCatalog((e) => {
        e.question(ALFA, '1').Alternativas = [
          'A) Mediana = média &lt; moda',
          'B) média < moda & <b>moda</b> > mediana',
          'C) "aspas" e &quot;entidades&quot;',
          'D) &amp;lt; fica &lt;',
        ];
      });
      await service().importContent(dir);
      const [question] = await db()
        .select({ alternatives: questions.alternatives })
        .from(questions)
        .where(eq(questions.id, 'alfa_2017_prova_1'));
      expect(question!.alternatives.map((alternative) => alternative.text)).toEqual([
        'Mediana = média < moda',
        'média < moda & moda > mediana',
        '"aspas" e "entidades"',
        '&lt; fica <',
      ]);
    });

    it('refuses format-2 fields in a format-1 exam instead of dropping them', async () => {
      const dir = editedCatalog((e) => {
        e.question(ALFA, '2').situacao = 'anulada';
      });
      expect(await problemsOf(dir)).toEqual([
        {
          file: 'provas/alfa_2017_prova.json',
          path: '$.questoes.2.situacao',
          message: 'campo do formato 2: declare "versao": 2 na prova para usá-lo',
        },
      ]);
    });
  });

  // One case per error class: the problem is reported once, at its own path, in Portuguese.
  const errorCases: [string, (catalog: EditableCatalog) => void, Problem][] = [
    [
      'key not among the alternatives',
      (e) => (e.question(ALFA, '1').gabarito = 'E'),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.1.gabarito',
        message: '"E" não está entre as alternativas (A, B, C, D)',
      },
    ],
    [
      'dangling reference',
      (e) => (e.question(ALFA, '4').referencia = ['id_texto_9']),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.4.referencia[0]',
        message: 'texto de referência inexistente: "id_texto_9"',
      },
    ],
    [
      'duplicate id',
      (e) => (e.exam(GAMA).id = 'beta_2015_prova'),
      {
        file: 'provas/gama_2015_prova.json',
        path: '$.id',
        message: 'deve ser igual ao nome do arquivo (provas/gama_2015_prova.json)',
      },
    ],
    [
      'missing image',
      (e) => (e.question(ALFA, '3').img = ['nao_existe', 'Descrição']),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.3.img[0]',
        message:
          'imagem ausente: nenhum arquivo imagens/nao_existe.(svg|png|jpg|jpeg|webp|gif) (1 uso)',
      },
    ],
    [
      'TOTAL not matching',
      (e) => (e.exam(BETA).TOTAL = '4'),
      {
        file: 'provas/beta_2015_prova.json',
        path: '$.TOTAL',
        message: 'diz 4, mas a prova tem 3 questões',
      },
    ],
    [
      'discipline map not matching',
      (e) => (e.exam(BETA).disciplinas.fisica!.assuntos['Cinemática'] = '3'),
      {
        file: 'provas/beta_2015_prova.json',
        path: '$.disciplinas.fisica.assuntos.Cinemática',
        message: 'diz 3, mas há 2 questões deste assunto',
      },
    ],
    [
      'alternative without its letter',
      (e) => (e.question(BETA, '3').Alternativas = ['Sim', 'B) Não']),
      {
        file: 'provas/beta_2015_prova.json',
        path: '$.questoes.3.Alternativas[0]',
        message: 'deve começar com a letra e ")", como "A) …" (recebido: "Sim")',
      },
    ],
    [
      'empty alternative',
      (e) => (e.question(BETA, '3').Alternativas = ['A) ', 'B) Não']),
      {
        file: 'provas/beta_2015_prova.json',
        path: '$.questoes.3.Alternativas[0]',
        message: 'a alternativa A está vazia',
      },
    ],
    [
      'wrong type',
      (e) => (e.question(ALFA, '2').questao = 42 as unknown as string),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.2.questao',
        message: 'deve ser um texto, não um número',
      },
    ],
    [
      'missing field',
      (e) => delete (e.exam(ALFA) as Record<string, unknown>)['nível'],
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.nível',
        message: 'campo obrigatório ausente',
      },
    ],
    [
      'letters out of order',
      (e) => (e.question(ALFA, '1').Alternativas = ['A) Um', 'C) Três', 'B) Dois']),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.1.Alternativas',
        message: 'letras fora de ordem (ACB): use A, B, C... ou exatamente C) Certo e E) Errado',
      },
    ],
    [
      'unknown format version',
      (e) => (e.exam(ALFA).versao = 3),
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.versao',
        message: 'versão do formato não suportada: 3 (use 1 ou 2)',
      },
    ],
  ];

  it.each(errorCases)(
    'reports %s once, at its path, writing nothing',
    async (_name, edit, problem) => {
      expect(await problemsOf(editedCatalog(edit))).toEqual([problem]);
    },
  );

  it('reports several independent problems in one run, grouped by file with a count', async () => {
    const dir = editedCatalog((e) => {
      // A type error in an exam does not hide the other problems of the same exam.
      e.exam(ALFA).TOTAL = 5 as unknown as string;
      e.question(ALFA, '1').gabarito = 'E';
      e.question(ALFA, '2').Alternativas = ['A) Um', 'B) '];
      // One unknown discipline used by three questions of two exams: reported once.
      e.question(ALFA, '4').disciplina = 'astrologia';
      e.question(ALFA, '5').disciplina = 'astrologia';
      e.question(BETA, '1').disciplina = 'astrologia';
      // A bad key in the discipline catalogue is reported there only, not at each question.
      e.disciplines()['ciencias-humanas'] = 'Ciências Humanas';
      e.question(GAMA, '1').disciplina = 'ciencias-humanas';
    });
    const error = await service()
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    const { problems, message } = error as ContentProblemsError;
    expect(problems).toContainEqual({
      file: 'disciplinas.json',
      path: '$["ciencias-humanas"]',
      message:
        'código inválido: use letras minúsculas sem acento, números e _ (por exemplo "ciencias_humanas")',
    });
    expect(problems).toContainEqual({
      file: 'provas/alfa_2017_prova.json',
      path: '$.TOTAL',
      message: 'deve ser um número inteiro em texto, como "10" (recebido: 5)',
    });
    expect(problems).toContainEqual({
      file: 'provas/alfa_2017_prova.json',
      path: '$.questoes.1.gabarito',
      message: '"E" não está entre as alternativas (A, B, C, D)',
    });
    expect(problems).toContainEqual({
      file: 'provas/alfa_2017_prova.json',
      path: '$.questoes.2.Alternativas[1]',
      message: 'a alternativa B está vazia',
    });
    const unknown = problems.filter((problem) =>
      problem.message.startsWith('disciplina desconhecida'),
    );
    expect(unknown).toEqual([
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.4.disciplina',
        message:
          'disciplina desconhecida: "astrologia" não está em disciplinas.json (3 usos em 2 arquivos)',
      },
    ]);
    // Moving questions between disciplines changes the declared counts: those are reported too,
    // each once, at their own paths.
    for (const problem of problems)
      expect(problem.message).not.toMatch(/Invalid|Expected|received/);
    expect(message).toMatch(/^Nada foi importado: \d+ problemas em 4 arquivos de /);
    expect(message).toContain(
      '\ndisciplinas.json (1 problema)\n  $["ciencias-humanas"]: código inválido',
    );
    expect(message).toMatch(/\nprovas\/alfa_2017_prova\.json \(\d+ problemas\)\n {2}\$\.TOTAL: /);
  });

  it('reports unreadable JSON with its line in Portuguese', async () => {
    const dir = editedCatalog((e) => e.writeFile('provas/quebrada_prova.json', '{\n  "id": 1,\n}'));
    expect(await problemsOf(dir)).toEqual([
      {
        file: 'provas/quebrada_prova.json',
        path: '$',
        message: 'JSON inválido (erro na linha 3, coluna 1)',
      },
    ]);
  });

  it('is all or nothing: one broken exam keeps the others out', async () => {
    const before = await examCount();
    const dir = editedCatalog((e) => {
      e.files.set('novo_2020_prova.json', {
        ...structuredClone(e.exam(BETA)),
        id: 'novo_2020_prova',
      });
      e.question(GAMA, '1').gabarito = 'Z';
    });
    await expect(service().importContent(dir)).rejects.toThrow(ContentProblemsError);
    expect(await examCount()).toBe(before);
  });

  /** Stored search vectors that differ from what the database works out from the text. */
  const stale = async () => {
    const [row] = await executeRows<{ stale: number; total: number }>(
      db(),
      sql`select count(*) filter (where search_vector is distinct from
                   public.search_vector(public.question_plain_text(statement_html, alternatives)))::int as stale,
                 count(*)::int as total
          from questions`,
    );
    return row!;
  };

  it('stores the search vector the database works out from the text, on import and after an edit', async () => {
    await service().importContent(MINI_CATALOG);
    expect(await stale()).toEqual({ stale: 0, total: expect.any(Number) });
    expect((await stale()).total).toBeGreaterThan(0);

    const matches = async (words: string) =>
      (
        await executeRows<{ id: string }>(
          db(),
          sql`select id from questions where search_vector @@ public.search_query(${words})`,
        )
      ).map((row) => row.id);
    expect(await matches('zabumbas')).toEqual([]);
    // A writer that sends no vector (the editorial console) gets the text's own.
    await db()
      .update(questions)
      .set({ statementHtml: '<p>Quantas zabumbas tocam no forró?</p>' })
      .where(eq(questions.id, 'alfa_2017_prova_1'));
    expect(await matches('zabumba')).toEqual(['alfa_2017_prova_1']);
    expect((await stale()).stale).toBe(0);
    // Imported again: the file's text and its words are back.
    await service().importContent(MINI_CATALOG);
    expect(await matches('zabumba')).toEqual([]);
    expect((await stale()).stale).toBe(0);
  });

  it('writes again only the questions a re-import changes, with their new words', async () => {
    const versions = async () =>
      new Map(
        (
          await executeRows<{ id: string; version: string }>(
            db(),
            sql`select id, xmin::text as version from questions`,
          )
        ).map((row) => [row.id, row.version]),
      );
    await service().importContent(MINI_CATALOG);
    const before = await versions();
    await service().importContent(MINI_CATALOG);
    expect(await versions()).toEqual(before);

    const dir = editedCatalog((e) => {
      e.question(BETA, '1').questao = '<p>Quantas zabumbas tocam no forró?</p>';
      // The same text under another key: its words are worked out again by the trigger.
      const second = e.question(BETA, '2');
      second.gabarito = second.gabarito === 'A' ? 'B' : 'A';
    });
    await service().importContent(dir);
    const after = await versions();
    expect([...after.keys()].filter((id) => after.get(id) !== before.get(id)).sort()).toEqual([
      'beta_2015_prova_1',
      'beta_2015_prova_2',
    ]);
    const [row] = await executeRows<{ found: boolean }>(
      db(),
      sql`select search_vector @@ public.search_query('zabumba') as found from questions
          where id = 'beta_2015_prova_1'`,
    );
    expect(row).toEqual({ found: true });
    expect((await stale()).stale).toBe(0);
  });

  it('commits fresh planner statistics with the catalogue it writes', async () => {
    const fresh = await createTestDatabase();
    try {
      await createContentImportService(fresh.db).importContent(MINI_CATALOG);
      const [row] = await executeRows<{ columns: number; tuples: number; questions: number }>(
        fresh.db,
        sql`select (select count(*)::int from pg_stats
                     where schemaname = 'public' and tablename = 'questions'
                       and attname in ('exam_id', 'search_vector')) as columns,
                   (select reltuples::int from pg_class where oid = 'public.questions'::regclass) as tuples,
                   (select count(*)::int from questions) as questions`,
      );
      expect(row!.questions).toBeGreaterThan(0);
      expect(row).toEqual({ columns: 2, tuples: row!.questions, questions: row!.questions });
    } finally {
      await fresh.destroy();
    }
  });

  // PGlite keeps a small sample on purpose: its analyze runs in the server's thread.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, leaves statistics that take each word of a tenth of the statements for a common one',
    async () => {
      const fresh = await createTestDatabase();
      const dir = path.join(os.tmpdir(), `gabarita-synth-stats-${Date.now()}`);
      try {
        // Some 200 words each in a tenth to a fifth of the statements: more than a small sample's
        // list of the commonest holds, which took the others for rare ones.
        writeSyntheticCatalog(dir, { exams: 150, questions: 3_000 });
        await createContentImportService(fresh.db).importContent(dir);
        const common = await executeRows<{ word: string; ndoc: number }>(
          fresh.db,
          sql`select word, ndoc from ts_stat('select search_vector from questions')
              where ndoc > (select count(*) from questions) / 10 and word not like '% %'`,
        );
        expect(common.length).toBeGreaterThan(150);
        const underestimated: string[] = [];
        for (const { word, ndoc } of common) {
          const [plan] = await executeRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
            fresh.db,
            sql`explain (format json) select 1 from questions
                where search_vector @@ to_tsquery('simple', ${word})`,
          );
          if (plan!['QUERY PLAN'][0].Plan['Plan Rows'] < ndoc / 2) underestimated.push(word);
        }
        expect(underestimated).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
        await fresh.destroy();
      }
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, goes to half pace while other connections run transactions on its database, and back after',
    async () => {
      const heard: boolean[] = [];
      const pace = importPace(db(), (busy) => heard.push(busy));
      // Steps of writing of 20 ms each until the pace has switched `times` times, or ten seconds.
      const step = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await pace.afterStep(20);
      };
      const stepUntilHeard = async (times: number) => {
        const deadline = performance.now() + 10_000;
        while (heard.length < times && performance.now() < deadline) await step();
      };
      await step();
      expect(heard).toEqual([]);

      // An instance answering requests: each reads its session in a transaction of its own. A
      // backend hands in its counts about once a second while it reads tables (those of
      // transactions that read none wait until its connection closes).
      const instance = await database.openAnother();
      let serving = true;
      const requests = (async () => {
        while (serving) await instance.db.select({ id: sessions.id }).from(sessions).limit(1);
      })();
      try {
        await stepUntilHeard(1);
        expect(heard).toEqual([true]);
      } finally {
        serving = false;
        await requests;
        await instance.close();
      }

      await stepUntilHeard(2);
      expect(heard).toEqual([true, false]);
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, works the statistics out again in its transaction once the table has doubled',
    async () => {
      await service().importContent(MINI_CATALOG);
      const analyzed = async () => {
        const [row] = await executeRows<{ count: number }>(
          db(),
          sql`select analyze_count::int as count from pg_stat_user_tables
              where relname = 'questions'`,
        );
        return row!.count;
      };
      const before = await analyzed();
      await inTransaction(db(), async (tx) => {
        const statistics = statisticsKeptUp(tx, 10);
        await statistics.afterWriting(9_999);
        // Read on another connection: the analyze of an open transaction counts at once.
        expect(await analyzed()).toBe(before);
        await statistics.afterWriting(1);
        expect(await analyzed()).toBe(before + 1);
        // The table now held 10,010: the next time after as many more.
        await statistics.afterWriting(10_009);
        expect(await analyzed()).toBe(before + 1);
        await statistics.afterWriting(1);
        expect(await analyzed()).toBe(before + 2);
      });
    },
  );

  it('re-imports in place and keeps users history', async () => {
    const { user } = await createPasswordUser(db());
    await service().importContent(MINI_CATALOG);
    await db().insert(questionHistory).values({
      userId: user.id,
      questionId: 'beta_2015_prova_1',
      response: 'c',
      chosenLetter: 'A',
    });
    const dir = editedCatalog((e) => {
      e.question(BETA, '1').questao = '<p>Enunciado revisado.</p>';
    });

    await service().importContent(dir);
    await service().importContent(dir);

    expect(
      (await db().select().from(questions).where(eq(questions.examId, 'beta_2015_prova'))).length,
    ).toBe(3);
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

  it('checks without writing (--check)', async () => {
    const fresh = await createTestDatabase();
    try {
      const content = createContentImportService(fresh.db);
      const progress: string[] = [];
      const result = await content.importContent(FORMAT_2_EXAMPLE, (line) => progress.push(line), {
        check: true,
      });
      expect(result.lines).toEqual([
        'Verificação concluída, nenhum problema: 1 prova, 7 questões, 8 imagens. Nada foi gravado (--check).',
      ]);
      expect(progress[0]).toMatch(/^Lendo .*formato-2\.\.\.$/);
      expect((await fresh.db.select().from(exams)).length).toBe(0);
      expect((await fresh.db.select().from(images)).length).toBe(0);

      // The same run reports problems exactly as an import would.
      const broken = v2((e) => (v2Question(e, '1').gabarito = 'E'));
      await expect(content.importContent(broken, undefined, { check: true })).rejects.toThrow(
        '$.questoes.1.gabarito: "E" não está entre as alternativas (A, B, C, D)',
      );
    } finally {
      await fresh.destroy();
    }
  });

  it('renames a discipline only when asked to', async () => {
    await service().importContent(MINI_CATALOG);
    const dir = editedCatalog((e) => (e.disciplines().fisica = 'Física Geral'));
    expect(await problemsOf(dir)).toEqual([
      {
        file: 'disciplinas.json',
        path: '$.fisica',
        message:
          'renomearia a disciplina "Física" para "Física Geral" em todo o catálogo; se é isso mesmo, importe com --rename-disciplines',
      },
    ]);
    expect(await problemsOf(dir, { check: true })).toHaveLength(1);

    await service().importContent(dir, undefined, { renameDisciplines: true });
    const [row] = await executeRows<{ name: string }>(
      db(),
      sql`select name from disciplines where code = 'fisica'`,
    );
    expect(row!.name).toBe('Física Geral');
    await service().importContent(MINI_CATALOG, undefined, { renameDisciplines: true });
  });

  it('makes an XSS corpus inert in statements, reference texts and format-2 HTML', async () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">clique</a>',
      '<iframe src="https://malicioso.example"></iframe>',
      '<p style="background:url(https://rastreador.example/x.png)" onclick="alert(1)">texto</p>',
      '<svg onload=alert(1)><circle r=1 /></svg>',
      '<p>ok <strong>negrito</strong><sub>2</sub></p>',
      '<math><mi xlink:href="javascript:alert(1)" href="https://x.example">x</mi><mglyph src="https://x.example/a.png"></mglyph></math>',
      '<object data="https://malicioso.example/x.swf"></object>',
      '<link rel="stylesheet" href="https://malicioso.example/x.css">',
      '<figura imagem="ex2_resistor" alt="r" onclick="alert(1)" style="x" src="https://x.example"></figura>',
    ].join('');
    const v1 = editedCatalog((e) => {
      e.question(GAMA, '2').questao = corpus;
      e.exam(GAMA).id_texto_x = corpus;
    });
    await service().importContent(v1);
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
        /<script|onerror|onclick|onload|javascript:|<iframe|<img|<svg|<object|<link|<math|<figura|style=|https?:/i,
      );
      expect(html).toContain('<p>ok <strong>negrito</strong><sub>2</sub></p>');
    }

    // Format 2 keeps figure markers and formulas, and nothing else of the corpus.
    const dir = v2((e) => {
      v2Question(e, '7').questao = corpus.replace('<img src=x onerror=alert(1)>', '');
    });
    await service().importContent(dir);
    const [v2question] = await db()
      .select()
      .from(questions)
      .where(eq(questions.id, 'exemplo_2024_formato2_prova_7'));
    const html = v2question!.statementHtml;
    expect(html).not.toMatch(
      /<script|onerror|onclick|onload|javascript:|<iframe|<img|<svg|<object|<link|<mglyph|style=|href|https?:/i,
    );
    expect(html).toContain('<math><mi>x</mi></math>');
    expect(html).toContain('<figura imagem="ex2_resistor" alt="r"></figura>');
  });

  it('refuses <img> in format-2 HTML, naming the figure marker to use', async () => {
    const dir = v2(
      (e) => (v2Question(e, '7').questao = '<p>Veja <img src="grafico.png"> abaixo.</p>'),
    );
    expect(await problemsOf(dir)).toEqual([
      {
        file: 'provas/exemplo_2024_formato2_prova.json',
        path: '$.questoes.7.questao',
        message:
          '<img> não é aceito: use <figura imagem="nome-da-imagem" alt="descrição"></figura>',
      },
    ]);
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
        with_figure: number;
        annulled: number;
        outdated: number;
        without_commentary: number;
      }>(
        fresh.db,
        sql`select count(*)::int as questions,
                   count(*) filter (where jsonb_array_length(reference_keys) > 0)::int as with_reference,
                   count(*) filter (where statement_html like '%<figura %'
                                      or alternatives::text like '%"figure": {%')::int as with_figure,
                   count(*) filter (where status = 'annulled')::int as annulled,
                   count(*) filter (where status = 'outdated')::int as outdated,
                   count(*) filter (where commentary is null)::int as without_commentary
            from questions`,
      );
      expect(totals!.questions).toBeGreaterThanOrEqual(183);
      expect(totals!.with_reference).toBeGreaterThanOrEqual(10);
      expect(totals!.with_figure).toBeGreaterThanOrEqual(10);
      expect(totals!.annulled).toBeGreaterThanOrEqual(1);
      expect(totals!.outdated).toBe(13);
      // Every question of the demonstration catalogue carries the team's comment, and every
      // subject its study notes.
      expect(totals!.without_commentary).toBe(0);
      const [notes] = await executeRows<{ subjects: number; without_notes: number }>(
        fresh.db,
        sql`select count(*)::int as subjects,
                   count(*) filter (where study_notes is null)::int as without_notes
            from subjects`,
      );
      expect(notes).toEqual({ subjects: 100, without_notes: 0 });
      // The embedded database's tested ceiling (README): said past it, never on PostgreSQL.
      expect(await embeddedCeilingWarning(fresh.db)).toBeNull();
      const warning = await embeddedCeilingWarning(fresh.db, 100);
      if (fresh.kind === 'postgres') expect(warning).toBeNull();
      else
        expect(warning).toMatch(
          /^Aviso: o catálogo tem agora \d+ questões, e o banco embutido \(PGlite\) foi testado até 100; .*use PostgreSQL \(DATABASE_URL; veja o README\)\.$/,
        );
    } finally {
      await fresh.destroy();
    }
  });
});

describe('content import, format 2', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  const service = () => createContentImportService(database.db);
  const v2 = (edit: (catalog: EditableCatalog) => void) => editedCatalog(edit, FORMAT_2_EXAMPLE);
  const question = (catalog: EditableCatalog, number: string) =>
    catalog.question(FORMAT_2_EXAM, number);
  const stored = async (number: number) => {
    const [row] = await database.db
      .select()
      .from(questions)
      .where(eq(questions.id, `exemplo_2024_formato2_prova_${number}`));
    return row!;
  };
  async function problemsOf(dir: string): Promise<Problem[]> {
    const error = await service()
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    return (error as ContentProblemsError).problems;
  }
  const at = (path: string, message: string): Problem => ({
    file: 'provas/exemplo_2024_formato2_prova.json',
    path,
    message,
  });

  it('imports the example that uses every feature', async () => {
    const result = await service().importContent(FORMAT_2_EXAMPLE);
    expect(result).toMatchObject({ exams: 1, questions: 7 });

    const [exam] = await database.db
      .select()
      .from(exams)
      .where(eq(exams.id, 'exemplo_2024_formato2_prova'));
    expect(exam).toMatchObject({
      ano: '2024',
      questionCount: 6,
      annulledCount: 1,
      outdatedCount: 1,
      source: {
        origem: 'Prova de exemplo escrita para a documentação do formato de importação',
        licenca: 'CC0 1.0 (domínio público)',
        url: 'https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br',
      },
    });
    // Annulled questions count nowhere: not in the exam's discipline totals either.
    const perDiscipline = await database.db
      .select()
      .from(examDisciplines)
      .where(eq(examDisciplines.examId, 'exemplo_2024_formato2_prova'));
    expect(
      Object.fromEntries(perDiscipline.map((row) => [row.disciplineCode, row.questionCount])),
    ).toEqual({
      ciencias: 1,
      matematica: 3,
      fisica: 1,
      legislacao: 1,
    });

    // A figure between paragraphs, in place.
    expect((await stored(1)).statementHtml).toBe(
      '<p>O gráfico a seguir mostra a chuva acumulada em cada mês do primeiro semestre de 2023 numa cidade.</p>' +
        '<figura imagem="ex2_grafico_chuva" alt="Gráfico de barras da chuva acumulada por mês em 2023: janeiro 240 mm, fevereiro 200 mm, março 180 mm, abril 100 mm, maio 40 mm e junho 20 mm."></figura>' +
        '<p>O mês em que choveu a metade do que choveu em fevereiro foi</p>',
    );
    // Tables, powers and a fraction in MathML.
    expect((await stored(2)).statementHtml).toContain(
      '<td>10<sup>2</sup></td></tr><tr><td>y</td><td>2<sup>−1</sup></td>',
    );
    expect((await stored(2)).statementHtml).toContain(
      '<math><mfrac><mn>3</mn><mn>4</mn></mfrac></math>',
    );
    // Image alternatives.
    expect((await stored(3)).alternatives[0]).toEqual({
      letter: 'A',
      text: '[Figura: Reta crescente que passa pelos pontos (0, −1) e (1, 1).]',
      html: null,
      figure: {
        assetId: 'ex2_reta_a',
        description: 'Reta crescente que passa pelos pontos (0, −1) e (1, 1).',
      },
    });
    // Formatted alternatives with an inline figure, and plain text ones.
    expect(
      (await stored(4)).alternatives.map(({ letter, text, html }) => ({ letter, text, html })),
    ).toEqual([
      {
        letter: 'A',
        text: 'um resistor [Figura: símbolo de resistor], medido em ohms (Ω).',
        html: 'um resistor <figura imagem="ex2_resistor" alt="símbolo de resistor" tipo="linha"></figura>, medido em ohms (Ω).',
      },
      {
        letter: 'B',
        text: 'uma lâmpada, que transforma energia elétrica em luz e calor.',
        html: 'uma lâmpada, que transforma energia elétrica em luz e calor.',
      },
      { letter: 'C', text: 'um gerador de 12 V.', html: null },
      {
        letter: 'D',
        text: 'uma ligação à terra, de potencial 0 V (10^0 = 1).',
        html: 'uma ligação à terra, de potencial 0 V (10<sup>0</sup> = 1).',
      },
    ]);
    // A self-closing figure marker in a reference text, inline.
    const [reference] = await database.db
      .select()
      .from(referenceTexts)
      .where(eq(referenceTexts.examId, 'exemplo_2024_formato2_prova'));
    expect(reference!.html).toContain(
      '<figura imagem="ex2_lampada" alt="Símbolo de lâmpada: um círculo com um X dentro, entre dois fios." tipo="linha"></figura>.</p>',
    );
    // Annulled, without a key; outdated, with what changed.
    expect(await stored(5)).toMatchObject({
      status: 'annulled',
      answerLetter: 'X',
      statusNote: 'A banca anulou a questão: as alternativas A e B indicam o mesmo volume.',
    });
    expect(await stored(6)).toMatchObject({ status: 'outdated', answerLetter: 'C' });
    expect((await stored(6)).statusNote).toMatch(
      /^A Lei nº 13\.415\/2017 alterou o art\. 36 da LDB/,
    );
  });

  it('keeps every character of text alternatives: <, >, & and quotes round-trip', async () => {
    const texts = [
      'Mediana = média < moda',
      'a > b && b < c',
      '&lt; não é uma entidade aqui, nem &amp;',
      'aspas "duplas" e \'simples\'',
      '<b>não é negrito</b> <script>nem script</script>',
    ];
    const dir = v2((e) => {
      question(e, '7').Alternativas = texts.map((text, index) => `${'ABCDE'[index]}) ${text}`);
      // Five alternatives now: the comment written for four goes.
      delete question(e, '7').comentario;
    });
    await service().importContent(dir);
    expect((await stored(7)).alternatives.map((alternative) => alternative.text)).toEqual(texts);
  });

  it('reports figure, alternative and state problems at their own paths', async () => {
    const dir = v2((e) => {
      question(e, '1').questao =
        '<p>Veja.</p><figura imagem="ex2_grafico_chuva"></figura><figura alt="sem nome"></figura><figura imagem="nao_ha" alt="x" tipo="grande"></figura>';
      question(e, '3').Alternativas = [
        { letra: 'A', imagem: 'ex2_reta_a' },
        { letra: 'B', texto: 'um', html: '<p>dois</p>' },
        { letra: 'C', texto: 'três', cor: 'azul' },
        { letra: 'F', texto: 'quatro' },
      ];
      question(e, '5').situacao = 'cancelada';
      question(e, '6').nota = undefined as unknown as string;
      delete question(e, '6').nota;
      question(e, '7').nota = 'Sem situação.';
      question(e, '7').gabarito = 'X';
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        at(
          '$.questoes.1.questao',
          'a figura "ex2_grafico_chuva" precisa de uma descrição em alt="..."',
        ),
        at('$.questoes.1.questao', 'figura sem o atributo imagem="nome-da-imagem"'),
        at('$.questoes.1.questao', 'a figura "nao_ha" tem tipo="grande": use "bloco" ou "linha"'),
        at(
          '$.questoes.1.questao',
          'imagem ausente: nenhum arquivo imagens/nao_ha.(svg|png|jpg|jpeg|webp|gif) (1 uso)',
        ),
        at('$.questoes.3.Alternativas[0].descricao', 'campo obrigatório ausente'),
        at(
          '$.questoes.3.Alternativas[1]',
          'use só um de "texto", "html" ou "imagem" (a alternativa tem "texto" e "html")',
        ),
        at('$.questoes.3.Alternativas[2].cor', 'campo desconhecido: "cor"'),
        at('$.questoes.3.Alternativas[3].letra', 'deve ser uma letra de A a E (recebido: "F")'),
        at(
          '$.questoes.5.situacao',
          'situação inválida: "cancelada" (use "anulada" ou "desatualizada")',
        ),
        at(
          '$.questoes.6.nota',
          'uma questão desatualizada precisa de uma nota dizendo o que mudou',
        ),
        at('$.questoes.7.nota', 'a nota acompanha uma "situacao" (anulada ou desatualizada)'),
        at(
          '$.questoes.7.gabarito',
          '"X" só vale para questão anulada: use "situacao": "anulada" (formato 2)',
        ),
      ]),
    );
    expect(problems).toHaveLength(12);
  });

  it('reports unknown fields and a bad source', async () => {
    const dir = v2((e) => {
      e.exam(FORMAT_2_EXAM).gabaritos = {};
      e.exam(FORMAT_2_EXAM).fonte = { origem: 'Banca', url: 'ftp://x' };
      question(e, '2').gabaritto = 'A';
    });
    expect(await problemsOf(dir)).toEqual([
      at('$.fonte.url', 'deve ser um endereço http:// ou https://'),
      at('$.questoes.2.gabaritto', 'campo desconhecido: "gabaritto"'),
      at('$.gabaritos', 'campo desconhecido: "gabaritos"'),
    ]);
  });

  describe('images', () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();

    it('accepts PNG, JPEG, WebP and GIF, and re-encodes large rasters keeping the original', async () => {
      const large = await sharp({
        create: { width: 3200, height: 1000, channels: 3, background: '#cc6633' },
      })
        .jpeg()
        .toBuffer();
      const files: [string, Buffer][] = [
        ['ex2_bequer.png', await png(480, 320)],
        ['ex2_reta_a.jpg', large],
        [
          'ex2_reta_b.webp',
          await sharp(await png(300, 200))
            .webp()
            .toBuffer(),
        ],
        [
          'ex2_reta_c.gif',
          await sharp(await png(300, 200))
            .gif()
            .toBuffer(),
        ],
      ];
      const dir = v2((e) => {
        for (const [name, content] of files) e.writeFile(`imagens/${name}`, content);
      });
      const fs = await import('node:fs');
      for (const name of ['ex2_reta_a.svg', 'ex2_reta_b.svg', 'ex2_reta_c.svg'])
        fs.rmSync(path.join(dir, 'imagens', name));
      await service().importContent(dir);

      const rows = await database.db.select().from(images);
      const byId = new Map(rows.map((row) => [row.assetId, row]));
      expect(byId.get('ex2_bequer')).toMatchObject({
        contentType: 'image/png',
        width: 480,
        height: 320,
        zoomContent: null,
      });
      expect(byId.get('ex2_reta_b')).toMatchObject({ contentType: 'image/webp', width: 300 });
      expect(byId.get('ex2_reta_c')).toMatchObject({ contentType: 'image/gif', width: 300 });
      const jpeg = byId.get('ex2_reta_a')!;
      expect(jpeg).toMatchObject({
        contentType: 'image/jpeg',
        width: 1600,
        height: 500,
        zoomContentType: 'image/jpeg',
      });
      expect(Buffer.compare(jpeg.zoomContent!, large)).toBe(0);
      expect((await sharp(jpeg.content).metadata()).width).toBe(1600);
      // Put the SVGs back for the next tests.
      await service().importContent(FORMAT_2_EXAMPLE);
    });

    it('re-imports only the images that changed, an original for zoom included', async () => {
      // Re-encoding drops the metadata: these originals differ only where the page image does not.
      const wide = (author: string) =>
        sharp({ create: { width: 2400, height: 800, channels: 3, background: '#cc6633' } })
          .withExif({ IFD0: { Artist: author } })
          .jpeg()
          .toBuffer();
      const folder = async (bequer: string, author: string) => {
        const content: [string, Buffer][] = [
          [
            'ex2_bequer.png',
            await sharp({ create: { width: 480, height: 320, channels: 3, background: bequer } })
              .png()
              .toBuffer(),
          ],
          ['ex2_reta_a.jpg', await wide(author)],
        ];
        const dir = v2((e) => {
          for (const [name, bytes] of content) e.writeFile(`imagens/${name}`, bytes);
        });
        (await import('node:fs')).rmSync(path.join(dir, 'imagens', 'ex2_reta_a.svg'));
        return { dir, png: content[0]![1], original: content[1]![1] };
      };
      // Each write of a row leaves a new row version (xmin).
      const rowVersions = async () =>
        new Map(
          (
            await executeRows<{ asset_id: string; xmin: string }>(
              database.db,
              sql`select asset_id, xmin::text as xmin from images`,
            )
          ).map((row) => [row.asset_id, row.xmin]),
        );
      const first = await folder('#3366cc', 'Banca A');
      await service().importContent(first.dir);
      const before = await rowVersions();
      await service().importContent(first.dir);
      expect(await rowVersions()).toEqual(before);

      const second = await folder('#33cc66', 'Banca B');
      expect(second.original.length).toBe(first.original.length);
      await service().importContent(second.dir);
      const after = await rowVersions();
      expect(
        [...after]
          .filter(([id, xmin]) => before.get(id) !== xmin)
          .map(([id]) => id)
          .sort(),
      ).toEqual(['ex2_bequer', 'ex2_reta_a']);
      const [reta] = await database.db
        .select()
        .from(images)
        .where(eq(images.assetId, 'ex2_reta_a'));
      expect(Buffer.compare(reta!.zoomContent!, second.original)).toBe(0);
      const [bequer] = await database.db
        .select()
        .from(images)
        .where(eq(images.assetId, 'ex2_bequer'));
      expect(Buffer.compare(bequer!.content, second.png)).toBe(0);
      await service().importContent(FORMAT_2_EXAMPLE);
    });

    it('checks sizes, dimensions and that the content is what the extension says', async () => {
      const dir = v2((e) => {
        e.writeFile('imagens/ex2_bequer.png', Buffer.alloc(11 * 1024 * 1024));
        e.writeFile(
          'imagens/ex2_resistor.svg',
          '<svg xmlns="http://www.w3.org/2000/svg"><text>sem tamanho</text></svg>',
        );
        e.writeFile(
          'imagens/ex2_lampada.svg',
          '<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="10"></svg>',
        );
        e.writeFile('imagens/extra.bmp', 'BM');
      });
      const fs = await import('node:fs');
      fs.rmSync(path.join(dir, 'imagens/ex2_reta_a.svg'));
      fs.writeFileSync(
        path.join(dir, 'imagens/ex2_reta_a.png'),
        await sharp(await png(40, 40))
          .jpeg()
          .toBuffer(),
      );
      fs.rmSync(path.join(dir, 'imagens/ex2_reta_b.svg'));
      fs.writeFileSync(path.join(dir, 'imagens/ex2_reta_b.png'), await png(4, 300));
      const problems = await problemsOf(dir);
      expect(problems).toEqual(
        expect.arrayContaining([
          {
            file: 'imagens/extra.bmp',
            path: '$',
            message: 'formato não aceito: as imagens devem ser PNG, JPEG, WebP, GIF ou SVG',
          },
          { file: 'imagens/ex2_bequer.png', path: '$', message: 'tem 11 MB; o máximo é 10 MB' },
          {
            file: 'imagens/ex2_resistor.svg',
            path: '$',
            message: 'o SVG precisa declarar o tamanho: width e height, ou viewBox',
          },
          {
            file: 'imagens/ex2_lampada.svg',
            path: '$',
            message: 'o SVG declara 9000×10 px; o máximo é 4000 px por lado',
          },
          {
            file: 'imagens/ex2_reta_a.png',
            path: '$',
            message: 'o conteúdo é JPEG, mas a extensão diz PNG: renomeie para .jpg',
          },
          {
            file: 'imagens/ex2_reta_b.png',
            path: '$',
            message: 'tem 4×300 px; o mínimo é 8 px por lado',
          },
        ]),
      );
      expect(problems).toHaveLength(6);
    });

    it('sanitizes SVGs and measures their smallest text', async () => {
      // An editor's file: its bookkeeping draws nothing and goes without a report.
      const edited = `<?xml version="1.0"?>
<!-- Created with Inkscape -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 200 100" width="400" height="200" inkscape:version="1.3">
  <sodipodi:namedview id="base" inkscape:zoom="1"><inkscape:page x="0" y="0"/></sodipodi:namedview>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">Camada 1</dc:title></rdf:RDF></metadata>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <rect width="200" height="100" fill="url(#g)" inkscape:label="fundo"/>
  <text x="10" y="20" font-size="8">rótulo</text>
  <use href="#g"/>
  <text x="10" y="60" font-size="10">Texto</text>
</svg>`;
      const dir = v2((e) => e.writeFile('imagens/ex2_resistor.svg', edited));
      await service().importContent(dir);
      const [row] = await database.db
        .select()
        .from(images)
        .where(eq(images.assetId, 'ex2_resistor'));
      const svg = row!.content.toString('utf8');
      expect(svg).not.toMatch(/inkscape|sodipodi|metadata|Camada|<!--|<\?xml/);
      expect(svg).toContain('viewBox="0 0 200 100"');
      expect(svg).toContain('fill="url(#g)"');
      expect(svg).toContain('<use href="#g"></use>');
      expect(svg).toContain('>Texto</text>');
      // The smallest text is 8 units in a viewBox drawn twice as wide: 16 px, so it may shrink to
      // 400 × 12 / 16 = 300 px.
      expect(row).toMatchObject({ width: 400, height: 200, minWidth: 300 });

      const external = v2((e) =>
        e.writeFile(
          'imagens/ex2_resistor.svg',
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>@import url(https://x.example/a.css);</style></svg>',
        ),
      );
      expect(await problemsOf(external)).toEqual([
        {
          file: 'imagens/ex2_resistor.svg',
          path: '$',
          message: 'o <style> do SVG carrega recursos externos (@import ou url(...))',
        },
      ]);
    });
  });
});
