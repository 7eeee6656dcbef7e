import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_KEY_MESSAGES,
  CATALOG_MESSAGES,
  type ExamCard,
  SIMULADO_MESSAGES,
  examDetailResponseSchema,
  examSearchResponseSchema,
  questionEditingSchema,
  questionSearchResponseSchema,
  questionDetailSchema,
  simuladoSchema,
} from '@gabarita/shared';
import { examDisciplines, exams, questions } from '@/db/schema';
import { exportExams } from '@/modules/content-import/export/catalog-export';
import { readContentFolder } from '@/modules/content-import/content-files';
import {
  ContentProblemsError,
  createContentImportService,
} from '@/modules/content-import/content-import.service';
import { type Problem, validateContent } from '@/modules/content-import/validate-content';
import { get, send, signedInStudent } from '../helpers/accounts';
import {
  editedCatalog,
  type EditableCatalog,
  ENEM_EXAM,
  ENEM_EXAMPLE,
  FORMAT_2_EXAM,
  FORMAT_2_EXAMPLE,
  type ExamJson,
  MINI_CATALOG,
} from '../helpers/content';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ENEM = 'exemplo_enem_2023_prova';
const COMMON = [4, 5, 6, 7, 8, 9, 10, 11].map((n) => `${ENEM}_${n}`);
const block = (key: string) => [1, 2, 3].map((n) => `${ENEM}_${key}_${n}`);
const OPTIONS = [
  { key: 'ingles', name: 'Inglês' },
  { key: 'espanhol', name: 'Espanhol' },
];

type EnemJson = ExamJson & {
  opcoes: Record<
    string,
    { nome: string; disciplinas: ExamJson['disciplinas']; questoes: ExamJson['questoes'] }
  >;
};

describe('exam kinds and option blocks', () => {
  let testApp: TestApp;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-kinds-'));
  beforeAll(async () => {
    testApp = await createTestApp();
    const importer = createContentImportService(testApp.database.db);
    await importer.importContent(MINI_CATALOG);
    await importer.importContent(FORMAT_2_EXAMPLE);
    await importer.importContent(ENEM_EXAMPLE);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(out, { recursive: true, force: true });
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const student = (premium = false) => signedInStudent(app(), testApp.database, { premium });
  const examList = async (query = '') =>
    parsed(await get(app(), `/api/exams${query}`), examSearchResponseSchema);
  const detail = async (cookie?: string) =>
    parsed(await get(app(), `/api/exams/${ENEM}`, cookie), examDetailResponseSchema);
  const choose = (cookie: string | undefined, opcao: string, examId = ENEM) =>
    send(app(), 'PUT', `/api/exams/${examId}/opcao`, { opcao }, cookie);

  async function problemsOf(dir: string): Promise<Problem[]> {
    const error = await createContentImportService(db())
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    return (error as ContentProblemsError).problems;
  }
  const enem = (catalog: EditableCatalog) => catalog.exam(ENEM_EXAM) as EnemJson;
  const enemProblem = (problemPath: string, message: string) => ({
    file: `provas/${ENEM_EXAM}`,
    path: problemPath,
    message,
  });

  it('imports an exam of another kind without cargo, órgão or nível, its blocks sharing numbers', async () => {
    const [exam] = await db().select().from(exams).where(eq(exams.id, ENEM));
    expect(exam).toMatchObject({
      kind: 'enem',
      cargo: null,
      orgao: null,
      nivel: null,
      instituicao: 'INEP',
      ano: '2023',
      options: OPTIONS,
      // One candidate: 8 common questions and one block of 3.
      questionCount: 11,
      annulledCount: 0,
    });
    const stored = await db()
      .select({ id: questions.id, number: questions.number, optionKey: questions.optionKey })
      .from(questions)
      .where(eq(questions.examId, ENEM))
      .orderBy(asc(questions.id));
    expect(stored).toHaveLength(14);
    expect(stored.filter((q) => q.optionKey === 'ingles')).toEqual(
      block('ingles').map((id, index) => ({ id, number: index + 1, optionKey: 'ingles' })),
    );
    expect(stored.filter((q) => q.optionKey === 'espanhol').map((q) => q.number)).toEqual([
      1, 2, 3,
    ]);
    expect(stored.filter((q) => q.optionKey === null).map((q) => q.id)).toEqual([...COMMON].sort());
    // Each discipline as one candidate takes it: a block's discipline counts its block's questions.
    const perDiscipline = await db()
      .select({ code: examDisciplines.disciplineCode, count: examDisciplines.questionCount })
      .from(examDisciplines)
      .where(eq(examDisciplines.examId, ENEM));
    expect(Object.fromEntries(perDiscipline.map((row) => [row.code, row.count]))).toEqual({
      portugues: 2,
      matematica: 3,
      ciencias_humanas: 2,
      ciencias_natureza: 1,
      ingles: 3,
      espanhol: 3,
    });
  });

  it('refuses a concurso without cargo and an unknown kind, naming the allowed kinds', async () => {
    const v2Problem = (problemPath: string, message: string) => ({
      file: `provas/${FORMAT_2_EXAM}`,
      path: problemPath,
      message,
    });
    const withoutCargo = editedCatalog((catalog) => {
      delete catalog.exam(FORMAT_2_EXAM).cargo;
    }, FORMAT_2_EXAMPLE);
    expect(await problemsOf(withoutCargo)).toEqual([
      v2Problem(
        '$.cargo',
        'campo obrigatório num concurso (uma prova de outro tipo declara "tipo": vestibular, enem, certificacao ou olimpiada)',
      ),
    ]);

    const unknownKind = editedCatalog((catalog) => {
      catalog.exam(FORMAT_2_EXAM).tipo = 'escola';
    }, FORMAT_2_EXAMPLE);
    expect(await problemsOf(unknownKind)).toEqual([
      v2Problem(
        '$.tipo',
        'tipo inválido: "escola" (use concurso, vestibular, enem, certificacao ou olimpiada)',
      ),
    ]);

    // Format 1 is unchanged: a format-2 field is reported, not silently taken.
    const format1 = editedCatalog((catalog) => {
      catalog.exam('alfa_2017_prova.json').tipo = 'vestibular';
    });
    expect(await problemsOf(format1)).toEqual([
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.tipo',
        message: 'campo do formato 2: declare "versao": 2 na prova para usá-lo',
      },
    ]);

    // The same concurso declared a vestibular may leave cargo, órgão and nível out.
    const vestibular = editedCatalog((catalog) => {
      const exam = catalog.exam(FORMAT_2_EXAM);
      exam.tipo = 'vestibular';
      for (const key of ['cargo_geral', 'cargo', 'orgão', 'nível']) delete exam[key];
    }, FORMAT_2_EXAMPLE);
    const { problems, catalog } = await validateContent(await readContentFolder(vestibular));
    expect(problems).toEqual([]);
    expect(catalog.exams[0]).toMatchObject({
      kind: 'vestibular',
      cargoGeral: null,
      cargo: null,
      orgao: null,
      nivel: null,
    });
  });

  it.each<[string, (exam: EnemJson) => void, Problem[]]>([
    [
      'a single block',
      (exam) => {
        delete exam.opcoes.espanhol;
      },
      [
        enemProblem(
          '$.opcoes',
          'precisa de pelo menos duas opções (tem 1): o candidato escolhe uma delas',
        ),
      ],
    ],
    [
      'blocks with other numbers',
      (exam) => {
        const questoes = exam.opcoes.espanhol!.questoes;
        questoes['12'] = { ...questoes['3']!, id_questao: '12' };
        delete questoes['3'];
      },
      [
        enemProblem(
          '$.opcoes.espanhol.questoes',
          'falta a questão 3 da opção "ingles": as opções têm os mesmos números de questão',
        ),
        enemProblem(
          '$.opcoes.espanhol.questoes',
          'a questão 12 não está na opção "ingles": as opções têm os mesmos números de questão',
        ),
      ],
    ],
    [
      "a block number that is a common question's",
      (exam) => {
        exam.questoes['3'] = { ...exam.questoes['11']!, id_questao: '3' };
        delete exam.questoes['11'];
      },
      ['ingles', 'espanhol'].map((key) =>
        enemProblem(
          `$.opcoes.${key}.questoes.3`,
          'o número 3 já é de uma questão comum ($.questoes.3): as questões de uma opção usam números que as comuns não usam',
        ),
      ),
    ],
    [
      'a TOTAL that is not per candidate',
      (exam) => {
        exam.TOTAL = 14;
      },
      [
        enemProblem(
          '$.TOTAL',
          'diz 14, mas um candidato faz 11 questões (8 comuns e 3 da sua opção)',
        ),
      ],
    ],
    [
      "a block's counts that do not match its questions",
      (exam) => {
        exam.opcoes.ingles!.disciplinas.ingles!.total = 2;
      },
      [
        enemProblem(
          '$.opcoes.ingles.disciplinas.ingles.total',
          'diz 2, mas há 3 questões desta disciplina',
        ),
      ],
    ],
    [
      'an invalid block code',
      (exam) => {
        exam.opcoes = { ingles: exam.opcoes.ingles!, Espanhol: exam.opcoes.espanhol! };
      },
      [
        enemProblem(
          '$.opcoes.Espanhol',
          'chave de opção inválida: use letras minúsculas sem acento, números e _, começando por letra (por exemplo "ingles")',
        ),
      ],
    ],
  ])('checks option blocks: %s', async (_name, edit, expected) => {
    const dir = editedCatalog((catalog) => edit(enem(catalog)), ENEM_EXAMPLE);
    expect(await problemsOf(dir)).toEqual(expected);
  });

  it('filters the exam list by kind, offering only the kinds present, and no empty cargo', async () => {
    const all = await examList();
    expect(all.total).toBe(5);
    expect(all.facets.tipo).toEqual([
      { value: 'concurso', label: 'Concurso', count: 4 },
      { value: 'enem', label: 'ENEM', count: 1 },
    ]);
    // The ENEM has no cargo, órgão or nível: it is in none of those options.
    for (const key of ['cargo', 'orgao', 'nivel'] as const) {
      expect(all.facets[key].every((option) => option.value !== '')).toBe(true);
      expect(all.facets[key].reduce((sum, option) => sum + option.count, 0)).toBe(4);
    }

    const onlyEnem = await examList('?tipo=enem');
    expect(onlyEnem.items).toEqual([
      {
        id: ENEM,
        kind: 'enem',
        cargo: null,
        cargoGeral: null,
        orgao: null,
        nivel: null,
        instituicao: 'INEP',
        ano: '2023',
        questionCount: 11,
        matchingQuestionCount: null,
        inHistory: false,
        demonstration: true,
        options: OPTIONS,
      } satisfies ExamCard,
    ]);
    expect(onlyEnem.facets.cargo).toEqual([]);
    expect(onlyEnem.facets.instituicao).toEqual([{ value: 'INEP', label: 'INEP', count: 1 }]);
    // The kind's own facet ignores the kind chosen, like every facet.
    expect(onlyEnem.facets.tipo).toEqual(all.facets.tipo);

    const cargo = all.facets.cargo[0]!.value;
    const byCargo = await examList(`?cargo=${encodeURIComponent(cargo)}`);
    expect(byCargo.items.map((item) => item.kind)).not.toContain('enem');
    expect(byCargo.facets.tipo.map((option) => option.value)).toEqual(['concurso']);

    // A discipline only one block has finds the exam, counting what its candidates take.
    const spanish = await examList('?disciplina=espanhol');
    expect(spanish.items.map((item) => [item.id, item.matchingQuestionCount])).toEqual([[ENEM, 3]]);
  });

  it('finds block questions in the search, each saying its block', async () => {
    const response = await get(app(), '/api/questions/search?tipo=enem');
    const body = parsed(response, questionSearchResponseSchema);
    expect(body.total).toBe(14);
    expect(body.items.map((item) => item.id)).toEqual([
      ...[1, 2, 3].flatMap((n) => [`${ENEM}_espanhol_${n}`, `${ENEM}_ingles_${n}`]),
      ...COMMON,
    ]);
    expect(body.items.filter((item) => item.optionKey === 'ingles')).toHaveLength(3);
    expect(new Set(body.items.map((item) => item.examLabel))).toEqual(
      new Set(['ENEM — INEP (2023)']),
    );
    const facets = (await get(app(), '/api/questions/facets?tipo=enem')).json();
    expect(facets.facets.tipo).toContainEqual({ value: 'enem', label: 'ENEM', count: 14 });

    const question = (await get(app(), `/api/questions/${ENEM}_ingles_1`)).json();
    expect(question.exam).toMatchObject({ id: ENEM, kind: 'enem', cargo: null, orgao: null });
    // The detail names its block, whatever list the viewer walks (the search's cards only key it).
    expect(question.option).toEqual({ key: 'ingles', name: 'Inglês' });
    const common = (await get(app(), `/api/questions/${COMMON[0]}`)).json();
    expect(common.option).toBeNull();
  });

  it('lists every block before a choice and only the chosen one after; the choice can change', async () => {
    const everyBlock = [1, 2, 3].flatMap((n) => [`${ENEM}_ingles_${n}`, `${ENEM}_espanhol_${n}`]);
    const visitor = await detail();
    expect(visitor.exam.chosenOption).toBeNull();
    expect(visitor.exam.options).toEqual(OPTIONS);
    expect(visitor.questions.map((q) => q.id)).toEqual([...everyBlock, ...COMMON]);
    expect(visitor.questions.map((q) => q.optionKey)).toEqual([
      ...[1, 2, 3].flatMap(() => ['ingles', 'espanhol']),
      ...COMMON.map(() => null),
    ]);

    const ana = await student();
    expect((await detail(ana.cookie)).exam.chosenOption).toBeNull();
    const chosen = await choose(ana.cookie, 'espanhol');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ chosenOption: 'espanhol' });
    const spanish = await detail(ana.cookie);
    expect(spanish.exam.chosenOption).toBe('espanhol');
    // The viewer's Anterior/Próxima follow this list: common questions and the chosen block.
    expect(spanish.questions.map((q) => q.id)).toEqual([...block('espanhol'), ...COMMON]);

    // An answer in the block, then a change of mind: the answer stays in the history.
    const check = await send(
      app(),
      'POST',
      `/api/questions/${ENEM}_espanhol_2/check`,
      { letter: 'C' },
      ana.cookie,
    );
    expect(check.json()).toEqual({ correct: true, gabarito: 'C' });
    expect((await choose(ana.cookie, 'ingles')).json()).toEqual({ chosenOption: 'ingles' });
    const english = await detail(ana.cookie);
    expect(english.exam.chosenOption).toBe('ingles');
    expect(english.questions.map((q) => q.id)).toEqual([...block('ingles'), ...COMMON]);
    const kept = (await get(app(), `/api/questions/${ENEM}_espanhol_2`, ana.cookie)).json();
    expect(kept.recordedAnswer).toMatchObject({ letter: 'C', response: 'c' });
    const summary = (await get(app(), '/api/me/history/summary', ana.cookie)).json();
    expect(summary.totals).toMatchObject({ answered: 1, correct: 1 });

    // The choice is Ana's own: others and visitors still see every block.
    const bia = await student();
    expect((await detail(bia.cookie)).questions).toHaveLength(14);
    expect((await detail()).exam.chosenOption).toBeNull();
  });

  it('refuses an unknown option, an exam without options, a visitor and an unknown exam', async () => {
    const { cookie } = await student();
    const unknown = await choose(cookie, 'frances');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'catalog/unknown-option',
      message: CATALOG_MESSAGES.unknownExamOption('frances', ['Inglês', 'Espanhol']),
    });
    expect(unknown.json().error.message).toBe(
      'Esta prova não tem a opção "frances": escolha Inglês ou Espanhol.',
    );
    const none = await choose(cookie, 'ingles', 'alfa_2017_prova');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({
      code: 'catalog/exam-without-options',
      message: CATALOG_MESSAGES.examWithoutOptions,
    });
    expect((await choose(undefined, 'ingles')).statusCode).toBe(401);
    expect((await choose(cookie, 'ingles', 'nao_existe_prova')).statusCode).toBe(404);
    expect((await detail(cookie)).exam.chosenOption).toBeNull();
  });

  it('builds a simulado of the exam with the chosen block, and none from filters mixing blocks', async () => {
    const carla = await student(true);
    const refused = await send(app(), 'POST', '/api/simulados', { examId: ENEM }, carla.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'simulado/option-required',
      message: SIMULADO_MESSAGES.optionRequired,
    });

    await choose(carla.cookie, 'espanhol');
    const created = await send(app(), 'POST', '/api/simulados', { examId: ENEM }, carla.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const simulado = created.json();
    expect(simulado.title).toBe('ENEM · INEP · 2023 · Espanhol');
    expect(simulado.questions.map((q: { questionId: string }) => q.questionId)).toEqual([
      ...block('espanhol'),
      ...COMMON,
    ]);
    expect(simulado.timeLimitSeconds).toBe(11 * 3 * 60);

    const fromFilters = async (cookie: string) => {
      const response = await send(
        app(),
        'POST',
        '/api/simulados',
        { filters: { tipo: 'enem' }, count: 100 },
        cookie,
      );
      expect(response.statusCode, response.body).toBe(201);
      return parsed(response, simuladoSchema)
        .questions.map((q) => q.questionId)
        .sort();
    };
    // Carla chose Espanhol: its questions may come, Inglês never.
    expect(await fromFilters(carla.cookie)).toEqual([...block('espanhol'), ...COMMON].sort());
    // Without a choice, no block question at all.
    const davi = await student(true);
    expect(await fromFilters(davi.cookie)).toEqual([...COMMON].sort());
  });

  it('exports tipo, the absent fields and the blocks, and the export imports to the same exam', async () => {
    const dir = path.join(out, 'enem');
    const { exported } = await exportExams(db(), dir, [ENEM]);
    const file = exported[0]!.file as Record<string, unknown> & EnemJson;
    expect(file).toMatchObject({
      versao: 2,
      id: ENEM,
      tipo: 'enem',
      instituição: 'INEP',
      TOTAL: 11,
    });
    for (const key of ['cargo_geral', 'cargo', 'orgão', 'nível'])
      expect(file).not.toHaveProperty(key);
    expect(Object.keys(file.questoes)).toEqual(['4', '5', '6', '7', '8', '9', '10', '11']);
    expect(Object.keys(file.opcoes)).toEqual(['ingles', 'espanhol']);
    expect(file.opcoes.espanhol).toMatchObject({
      nome: 'Espanhol',
      disciplinas: { espanhol: { total: 3 } },
    });
    expect(Object.keys(file.opcoes.espanhol!.questoes)).toEqual(['1', '2', '3']);

    const validated = async (folder: string) => {
      const { problems, catalog } = await validateContent(await readContentFolder(folder));
      expect(problems).toEqual([]);
      // The export writes reference texts in key order.
      return catalog.exams.map(({ version: _version, referenceTexts, ...exam }) => ({
        ...exam,
        referenceTexts: referenceTexts.sort((a, b) => a.key.localeCompare(b.key)),
      }));
    };
    expect(await validated(dir)).toEqual(await validated(ENEM_EXAMPLE));

    const snapshot = async () => ({
      exams: (await db().select().from(exams).where(eq(exams.id, ENEM))).map(
        ({ updatedAt: _u, ...exam }) => exam,
      ),
      questions: await db()
        .select()
        .from(questions)
        .where(eq(questions.examId, ENEM))
        .orderBy(asc(questions.id)),
    });
    const before = await snapshot();
    await createContentImportService(db()).importContent(dir);
    expect(await snapshot()).toEqual(before);
  });

  it('edits a block question in the console, and the definitive key refuses a shared number', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    const url = `/api/admin/questions/${ENEM}_espanhol_2`;
    const editing = parsed(await get(app(), url, editor.cookie), questionEditingSchema);
    expect(editing.examLabel).toBe('ENEM · INEP · 2023');
    expect(editing.snapshot.questao).toContain('préstamo');
    const saved = await send(
      app(),
      'PUT',
      url,
      {
        snapshot: { ...editing.snapshot, questao: '<p>No texto, “préstamo” quer dizer</p>' },
        baseVersion: 0,
      },
      editor.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const statement = async (id: string) =>
      parsed(await get(app(), `/api/questions/${id}`), questionDetailSchema).statementHtml;
    expect(await statement(`${ENEM}_espanhol_2`)).toBe('<p>No texto, “préstamo” quer dizer</p>');
    expect(await statement(`${ENEM}_ingles_2`)).toContain('No experience is needed');

    const preview = await send(
      app(),
      'POST',
      `/api/admin/exams/${ENEM}/answer-key/preview`,
      {
        changes: [
          { number: 2, key: 'A' },
          { number: 6, key: 'A' },
        ],
      },
      editor.cookie,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().lines.map((line: { problem: string | null }) => line.problem)).toEqual([
      ANSWER_KEY_MESSAGES.inOptionBlocks('espanhol, ingles'),
      null,
    ]);
  });
});
