import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  type QuestionSearchFilters,
  questionSearchResponseSchema,
} from '@gabarita/shared';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { searchQuestions, textMatcher } from '@/modules/catalog/question-search.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { editedCatalog, type ExamJson } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Questions added to an exam, its totals kept in step (the import checks them). */
function addQuestions(
  exam: ExamJson,
  {
    discipline,
    subject,
    numbers,
    statement,
  }: {
    discipline: string;
    subject: string;
    numbers: number[];
    statement: (number: number) => string;
  },
) {
  for (const number of numbers) {
    exam.questoes[String(number)] = {
      id_questao: String(number),
      questao: `<p>${statement(number)}</p>`,
      Alternativas: ['A) Um', 'B) Dois'],
      gabarito: 'A',
      disciplina: discipline,
      assunto: subject,
    };
  }
  exam.TOTAL = String(Number(exam.TOTAL) + numbers.length);
  const totals = exam.disciplinas[discipline]!;
  totals.total = String(Number(totals.total) + numbers.length);
  totals.assuntos[subject] = String(Number(totals.assuntos[subject] ?? 0) + numbers.length);
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * 'orçamento' in 20 + 14 + 10 statements of the three exams, between questions without it; the
 * list's order is Alfa (2017), then Gama and Beta (2015, the higher id first), by number.
 */
const ORCAMENTO = {
  alfa: range(6, 45).filter((number) => number % 2 === 0),
  gama: range(3, 12),
  beta: range(4, 24).filter((number) => number % 3 !== 0),
};
const expectedIds = (exams: Partial<typeof ORCAMENTO>) =>
  (['alfa', 'gama', 'beta'] as const).flatMap((exam) =>
    (exams[exam] ?? []).map((number) => `${exam}_${exam === 'alfa' ? 2017 : 2015}_prova_${number}`),
  );
const statement = (number: number, matches: boolean) =>
  matches ? `Questão ${number} sobre o orçamento público.` : `Questão ${number} sobre tributos.`;

function pathsCatalog() {
  return editedCatalog((catalog) => {
    addQuestions(catalog.exam('alfa_2017_prova.json'), {
      discipline: 'matematica',
      subject: 'Frações',
      numbers: range(6, 45),
      statement: (number) => statement(number, ORCAMENTO.alfa.includes(number)),
    });
    addQuestions(catalog.exam('gama_2015_prova.json'), {
      discipline: 'portugues',
      subject: 'Crase',
      numbers: range(3, 12),
      statement: (number) => statement(number, true),
    });
    addQuestions(catalog.exam('beta_2015_prova.json'), {
      discipline: 'fisica',
      subject: 'Cinemática',
      numbers: range(4, 24),
      statement: (number) => statement(number, ORCAMENTO.beta.includes(number)),
    });
  });
}

const MATCHES = ORCAMENTO.alfa.length + ORCAMENTO.gama.length + ORCAMENTO.beta.length;
/**
 * Thresholds that take the page from the matches (at or above their number) or walk the list
 * (below it), around the number of matches of 'orçamento'.
 */
const THRESHOLDS = [0, 1, 3, MATCHES - 1, MATCHES, MATCHES + 1, 10_000];

describe('question search by few or many matches of the text', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await createContentImportService(testApp.database.db).importContent(pathsCatalog());
  });
  afterAll(() => testApp.close());
  const db = () => testApp.database.db;

  /** Every page through the cursor, with the first page's total. */
  async function allPages(
    filters: QuestionSearchFilters,
    fewMatches: number,
    userId: string | null = null,
  ) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let total: number | undefined;
    do {
      const page = await searchQuestions(
        db(),
        filters,
        cursor,
        userId,
        textMatcher(db(), fewMatches),
      );
      expect(page.items.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
      ids.push(...page.items.map((item) => item.id));
      total ??= page.total;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { ids, total };
  }

  it('answers a word that matches nothing with no items and a total of 0', async () => {
    for (const q of ['xyzzy', 'orcamento xyzzy', '"orçamento tributos"', 'kabedifogu']) {
      const response = await get(testApp.app, `/api/questions/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [],
        total: 0,
        totalCapped: false,
        nextCursor: null,
      });
      for (const fewMatches of [0, 10_000]) {
        expect(await allPages({ q }, fewMatches)).toEqual({ ids: [], total: 0 });
      }
    }
  });

  it('counts a word the statistics do not hold through the index, however large the catalogue', async () => {
    // With every estimate "common", a word in no statement would be walked through the whole
    // catalogue: the planner puts a word absent from its statistics at up to 0.5 % of the table.
    const everyEstimateCommon = textMatcher(db(), 2_000, 1);
    for (const q of ['xyzzy', 'kabedifogu', 'xyzzy or kabedifogu']) {
      expect(await everyEstimateCommon(q), q).toBeNull();
    }
    // A word the statistics hold, in a fifth of the questions, is still walked.
    expect(await everyEstimateCommon('orçamento')).toEqual({ kind: 'many' });
  });

  it('pages through the same matches in the same order below and above the threshold', async () => {
    const expected = expectedIds(ORCAMENTO);
    expect(expected).toHaveLength(MATCHES);
    for (const fewMatches of THRESHOLDS) {
      const { ids, total } = await allPages({ q: 'orçamento' }, fewMatches);
      expect(ids, `threshold ${fewMatches}`).toEqual(expected);
      expect(total).toBe(MATCHES);
      // A phrase goes the same ways.
      expect((await allPages({ q: '"orçamento público"' }, fewMatches)).ids).toEqual(expected);
    }
    // Over HTTP (the default threshold) the pages are the same.
    const ids: string[] = [];
    let cursor = '';
    do {
      const page = parsed(
        await get(testApp.app, `/api/questions/search?q=orcamento${cursor && `&cursor=${cursor}`}`),
        questionSearchResponseSchema,
      );
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? '';
    } while (cursor);
    expect(ids).toEqual(expected);
  });

  it('combines the text with the filters on both ways', async () => {
    const { user, cookie } = await signedInStudent(testApp.app, testApp.database, {
      premium: true,
    });
    // Wrong answers to two Gama questions with the word and one Alfa question without it.
    for (const [id, letter] of [
      ['gama_2015_prova_4', 'B'],
      ['gama_2015_prova_7', 'B'],
      ['alfa_2017_prova_7', 'B'],
      ['beta_2015_prova_4', 'A'],
    ] as const) {
      await send(testApp.app, 'POST', `/api/questions/${id}/check`, { letter }, cookie);
    }
    const cases: [QuestionSearchFilters, string[]][] = [
      [
        { q: 'orcamento', ano: '2015' },
        expectedIds({ gama: ORCAMENTO.gama, beta: ORCAMENTO.beta }),
      ],
      [{ q: 'orcamento', disciplina: 'fisica' }, expectedIds({ beta: ORCAMENTO.beta })],
      [
        { q: 'orcamento', disciplina: 'portugues', assunto: 'Crase' },
        expectedIds({ gama: ORCAMENTO.gama }),
      ],
      [{ q: 'orcamento', instituicao: 'Banca Y' }, expectedIds({ gama: ORCAMENTO.gama })],
      [{ q: 'orcamento', status: 'errei' }, ['gama_2015_prova_4', 'gama_2015_prova_7']],
      [{ q: 'orcamento', status: 'acertei' }, ['beta_2015_prova_4']],
      [
        { q: 'orcamento', status: 'nao-resolvidas' },
        expectedIds(ORCAMENTO).filter(
          (id) => !['gama_2015_prova_4', 'gama_2015_prova_7', 'beta_2015_prova_4'].includes(id),
        ),
      ],
      [{ q: 'orcamento', disciplina: 'ingles' }, []],
    ];
    for (const [filters, expected] of cases) {
      for (const fewMatches of THRESHOLDS) {
        const { ids, total } = await allPages(filters, fewMatches, user.id);
        expect(ids, `${JSON.stringify(filters)}, threshold ${fewMatches}`).toEqual(expected);
        expect(total).toBe(expected.length);
      }
    }
  });

  it('a text of stop words only still lists every question', async () => {
    const all = await allPages({}, 0);
    for (const fewMatches of [0, 10_000]) {
      expect(await allPages({ q: 'de a o' }, fewMatches)).toEqual(all);
    }
    expect(all.total).toBe(10 + 40 + 10 + 21);
  });
});
