/**
 * npm run bench:index — the in-memory exam index at catalogue sizes of 100,000, 1,000,000 and
 * 3,000,000 questions (BENCH_SIZES=100000,1000000 to choose). The rows the index is built from are
 * synthesized in-process with the synthetic catalogue's shape (synth/synthesize.ts: 20 questions per
 * exam, three discipline draws among 23, 12 subjects per discipline, 120 órgãos, 12 bancas, 20
 * years) and kept as the JSON text of pages of BENCH_PAGE_ROWS rows (default 5,000), as the
 * database answers readColumns (catalog.repo.ts). Each size runs in its own `node --expose-gc`
 * process, which reports: the memory the built index retains (heap used plus array buffers after a
 * full GC, with the index, minus before the rows existed), the build time from the pages' text, the
 * longest stretch the build held the event loop (gaps between 1 ms timers), and the time of a few
 * searches on the built index. Numbers go to docs/performance.md ("The exam index at
 * scale").
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { ExamFilters } from '@gabarita/shared';
import type { Database } from '../src/db/client';
import { readCatalogVersion } from '../src/modules/catalog/catalog-version.repo';
import { encodeExamIndex } from '../src/modules/catalog/exam-index-snapshot';
import {
  buildExamIndex,
  loadExamIndex,
  saveExamIndexSnapshot,
} from '../src/modules/catalog/exam-index-store';
import { benchDatabases } from './harness';
import {
  createExamIndexBuilder,
  type ExamIndexRows,
  type IndexedExam,
} from '../src/modules/catalog/exam-index';

const QUESTIONS_PER_EXAM = 20;
const DISCIPLINES = [
  ['artes', 'Artes'],
  ['atualidades', 'Atualidades'],
  ['biologia', 'Biologia'],
  ['ciencias', 'Ciências'],
  ['educacao_fisica', 'Educação Física'],
  ['espanhol', 'Língua Espanhola'],
  ['filosofia', 'Filosofia'],
  ['fisica', 'Física'],
  ['frances', 'Língua Francesa'],
  ['geografia', 'Geografia'],
  ['historia', 'História'],
  ['informatica', 'Informática'],
  ['ingles', 'Língua Inglesa'],
  ['legislacao', 'Legislação Educacional'],
  ['literatura', 'Literatura'],
  ['matematica', 'Matemática'],
  ['musica', 'Música'],
  ['pedagogia', 'Pedagogia'],
  ['portugues', 'Língua Portuguesa'],
  ['quimica', 'Química'],
  ['raciocinio_logico', 'Raciocínio Lógico'],
  ['resolucoes', 'Resoluções e Diretrizes Educacionais'],
  ['sociologia', 'Sociologia'],
] as const;
const CARGOS = ['Professor', 'Técnico Administrativo', 'Analista', 'Pedagogo', 'Assistente'];
const NIVEIS = ['Superior', 'Médio', 'Fundamental'];

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The rows loadExamIndexRows returns for a synthetic catalogue, each string a fresh copy as the
 * database driver would hand it over.
 */
function synthesizeIndexRows(questions: number, seed = 42): ExamIndexRows {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const fresh = (text: string) => ` ${text}`.slice(1);
  const examCount = Math.round(questions / QUESTIONS_PER_EXAM);
  const exams: IndexedExam[] = [];
  const examDisciplines: ExamIndexRows['examDisciplines'] = [];
  const examSubjects: ExamIndexRows['examSubjects'] = [];
  for (let index = 0; index < examCount; index++) {
    const id = `sint_${String(index).padStart(6, '0')}_prova`;
    const cargoGeral = pick(CARGOS);
    exams.push({
      id,
      kind: 'concurso',
      cargo: fresh(`${cargoGeral} ${index % 7 === 0 ? 'de Matemática' : 'Geral'}`),
      cargoGeral: fresh(cargoGeral),
      orgao: fresh(`Órgão Sintético ${Math.floor(next() * 120) + 1}`),
      nivel: fresh(pick(NIVEIS)),
      instituicao: fresh(`Banca Sintética ${String.fromCharCode(65 + Math.floor(next() * 12))}`),
      ano: fresh(String(2005 + Math.floor(next() * 20))),
      questionCount: QUESTIONS_PER_EXAM,
      demonstration: false,
      options: [],
    });
    const drawn = Array.from({ length: 3 }, () => pick(DISCIPLINES));
    const perDiscipline = new Map<string, number>();
    const perSubject = new Map<string, { code: string; subject: string; count: number }>();
    for (let number = 0; number < QUESTIONS_PER_EXAM; number++) {
      const [code, name] = pick(drawn);
      const subject = `Assunto ${Math.floor(next() * 12) + 1} de ${name}`;
      perDiscipline.set(code, (perDiscipline.get(code) ?? 0) + 1);
      const key = `${code}\u0000${subject}`;
      const found = perSubject.get(key);
      if (found) found.count += 1;
      else perSubject.set(key, { code, subject, count: 1 });
    }
    for (const [code, count] of perDiscipline)
      examDisciplines.push({
        examId: fresh(id),
        disciplineCode: fresh(code),
        questionCount: count,
      });
    for (const { code, subject, count } of perSubject.values())
      examSubjects.push({
        examId: fresh(id),
        disciplineCode: fresh(code),
        subject: fresh(subject),
        questionCount: count,
      });
  }
  exams.sort((a, b) => (a.ano === b.ano ? (a.id < b.id ? 1 : -1) : a.ano < b.ano ? 1 : -1));
  return {
    exams,
    examDisciplines,
    examSubjects,
    disciplineNames: new Map(DISCIPLINES.map(([code, name]) => [code, name])),
  };
}

/** One statement's answer as readColumns gets it: per field, the page's values as JSON text. */
type PageText = Record<string, string>;

interface CataloguePages {
  exams: PageText[];
  examDisciplines: PageText[];
  examSubjects: PageText[];
  disciplineNames: Map<string, string>;
}

const PAGE_ROWS = Number(process.env.BENCH_PAGE_ROWS ?? 5_000);

function toPages<Row extends object>(rows: Row[]): PageText[] {
  const pages: PageText[] = [];
  for (let at = 0; at < rows.length; at += PAGE_ROWS) {
    const page = rows.slice(at, at + PAGE_ROWS) as Record<string, unknown>[];
    const fields = Object.keys(page[0]!);
    pages.push(
      Object.fromEntries(
        fields.map((field) => [field, JSON.stringify(page.map((row) => row[field]))]),
      ),
    );
  }
  return pages;
}

/** The page's rows, as readColumns (catalog.repo.ts) makes them. */
function fromPage<Row>(page: PageText): Row[] {
  const fields = Object.keys(page);
  const values = fields.map((field) => JSON.parse(page[field]!) as unknown[]);
  const rows: Row[] = [];
  for (let index = 0; index < values[0]!.length; index += 1) {
    const record: Record<string, unknown> = {};
    fields.forEach((field, column) => (record[field] = values[column]![index]));
    rows.push(record as Row);
  }
  return rows;
}

/** The server's build: a page at a time, the event loop free between pages as between reads. */
async function build(pages: CataloguePages) {
  const builder = createExamIndexBuilder();
  const feed = async <Row>(list: PageText[], add: (rows: Row[]) => void) => {
    for (const page of list) {
      add(fromPage<Row>(page));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await feed(pages.exams, builder.addExams);
  await feed(pages.examDisciplines, builder.addDisciplines);
  await feed(pages.examSubjects, builder.addSubjects);
  return builder.finish(pages.disciplineNames);
}

type Index = Awaited<ReturnType<typeof build>>;

/** The heap and the typed arrays' buffers (outside the heap) in use after a full GC. */
const memoryAfterGc = () => {
  for (let round = 0; round < 3; round++) globalThis.gc!();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** The longest gap between 1 ms timers while `work` runs: how long the event loop was held. */
async function longestStretch<T>(work: () => Promise<T>): Promise<{ value: T; longest: number }> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  const value = await work();
  running = false;
  tick();
  return { value, longest };
}

function timeSearch(index: Index, run: (index: Index) => unknown) {
  run(index);
  const rounds = 5;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) run(index);
  return (performance.now() - started) / rounds;
}

async function child(questions: number) {
  const before = memoryAfterGc();
  const rows = synthesizeIndexRows(questions);
  const exams = rows.exams.length;
  const subjectRows = rows.examSubjects.length;
  let pages: CataloguePages | undefined = {
    exams: toPages(rows.exams),
    examDisciplines: toPages(rows.examDisciplines),
    examSubjects: toPages(rows.examSubjects),
    disciplineNames: rows.disciplineNames,
  };
  rows.exams = [];
  rows.examDisciplines = [];
  rows.examSubjects = [];
  memoryAfterGc();
  const started = performance.now();
  const { value: index, longest } = await longestStretch(() => build(pages!));
  const buildMs = performance.now() - started;
  pages = undefined;
  const retained = memoryAfterGc() - before;
  const searches = {
    all: timeSearch(index, (i) => i.search({}, 0, 15)),
    discipline: timeSearch(index, (i) => i.search({ disciplina: 'portugues' }, 0, 15)),
    subject: timeSearch(index, (i) =>
      i.search({ assunto: 'Assunto 3 de Língua Portuguesa' }, 0, 15),
    ),
    questions: timeSearch(index, (i) => i.search({ disciplina: 'matematica' }, 0, 0, 'questions')),
  };
  // Keeps the index alive until here.
  if (index.search({}, 0, 1).total !== exams) throw new Error('the index lost exams');
  console.log(
    JSON.stringify({ questions, exams, subjectRows, retained, buildMs, longest, searches }),
  );
}

function parent() {
  const sizes = (process.env.BENCH_SIZES ?? '100000,1000000,3000000').split(',').map(Number);
  const self = fileURLToPath(import.meta.url);
  console.log(
    '| questions | exams | exam_subjects rows | retained heap (MB) | per 100k questions (MB) | build (ms) | longest stretch (ms) | search: all (ms) | discipline (ms) | subject (ms) | question facets (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const questions of sizes) {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', self, String(questions)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      console.log(`| ${questions.toLocaleString('en')} | failed (exit ${run.status}) |`);
      continue;
    }
    const r = JSON.parse(line) as {
      exams: number;
      subjectRows: number;
      retained: number;
      buildMs: number;
      longest: number;
      searches: Record<'all' | 'discipline' | 'subject' | 'questions', number>;
    };
    const mb = r.retained / 2 ** 20;
    console.log(
      `| ${questions.toLocaleString('en')} | ${r.exams.toLocaleString('en')} | ${r.subjectRows.toLocaleString('en')} | ${mb.toFixed(1)} | ${((mb * 100_000) / questions).toFixed(1)} | ${r.buildMs.toFixed(0)} | ${r.longest.toFixed(0)} | ${r.searches.all.toFixed(1)} | ${r.searches.discipline.toFixed(1)} | ${r.searches.subject.toFixed(1)} | ${r.searches.questions.toFixed(1)} |`,
    );
  }
}

/** The catalogue's rows written straight into the index's tables (no questions), in chunks. */
async function insertRows(db: Database, rows: ExamIndexRows) {
  const insert = async <Row>(list: Row[], statement: (json: string) => SQL) => {
    for (let at = 0; at < list.length; at += 20_000)
      await db.execute(statement(JSON.stringify(list.slice(at, at + 20_000))));
  };
  await insert(
    [...rows.disciplineNames],
    (json) => sql`insert into disciplines (code, name)
    select value->>0, value->>1 from json_array_elements(${json}::json)`,
  );
  const subjects = [
    ...new Map(rows.examSubjects.map((row) => [`${row.disciplineCode}\u0000${row.subject}`, row])),
  ].map(([, row]) => ({ code: row.disciplineCode, name: row.subject }));
  await insert(
    subjects,
    (json) => sql`insert into subjects (discipline_code, name)
    select code, name from json_to_recordset(${json}::json) as x(code text, name text)`,
  );
  await insert(
    rows.exams,
    (json) => sql`insert into exams (id, kind, cargo, cargo_geral, orgao,
      nivel, instituicao, ano, question_count, demonstration, options)
    select id, kind, cargo, "cargoGeral", orgao, nivel, instituicao, ano, "questionCount",
      demonstration, options from json_to_recordset(${json}::json) as x(id text, kind text,
      cargo text, "cargoGeral" text, orgao text, nivel text, instituicao text, ano text,
      "questionCount" int, demonstration boolean, options jsonb)`,
  );
  await insert(
    rows.examDisciplines,
    (json) => sql`insert into exam_disciplines (exam_id,
      discipline_code, question_count)
    select "examId", "disciplineCode", "questionCount" from json_to_recordset(${json}::json)
      as x("examId" text, "disciplineCode" text, "questionCount" int)`,
  );
  await insert(
    rows.examSubjects,
    (json) => sql`insert into exam_subjects (exam_id, subject_id,
      discipline_code, subject, question_count)
    select x."examId", s.id, x."disciplineCode", x.subject, x."questionCount"
    from json_to_recordset(${json}::json) as x("examId" text, "disciplineCode" text,
      subject text, "questionCount" int)
    join subjects s on s.discipline_code = x."disciplineCode" and s.name = x.subject`,
  );
}

/**
 * The cold build as the server does it, from the database (BENCH_DB_QUESTIONS, default 1,000,000):
 * time, longest stretch, and the same answers as the index built from the rows in memory.
 */
async function fromDatabase() {
  const questions = Number(process.env.BENCH_DB_QUESTIONS ?? 1_000_000);
  const rows = synthesizeIndexRows(questions);
  const expected = await build({
    exams: toPages(rows.exams),
    examDisciplines: toPages(rows.examDisciplines),
    examSubjects: toPages(rows.examSubjects),
    disciplineNames: rows.disciplineNames,
  });
  console.log(
    `\n| database | questions | cold build (ms) | longest stretch (ms) | snapshot (MB) | saved in (ms) | cold load from it (ms) | its longest stretch (ms) | same answers |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for await (const { label, database } of benchDatabases()) {
    await database.migrate();
    await insertRows(database.db, rows);
    const started = performance.now();
    const { value: index, longest } = await longestStretch(() => buildExamIndex(database.db));
    const buildMs = performance.now() - started;
    // What an import leaves for the instances, and an instance's first read of it.
    const version = await readCatalogVersion(database.db);
    const saving = performance.now();
    await saveExamIndexSnapshot(database.db, version, index);
    const savedMs = performance.now() - saving;
    const snapshotMb = encodeExamIndex(index).length / 2 ** 20;
    const loading = performance.now();
    const { value: loaded, longest: loadLongest } = await longestStretch(() =>
      loadExamIndex(database.db),
    );
    const loadMs = performance.now() - loading;
    const filters: ExamFilters[] = [
      {},
      { disciplina: 'portugues' },
      { assunto: 'Assunto 3 de Língua Portuguesa', ano: '2010' },
      { orgao: 'Órgão Sintético 7', disciplina: 'matematica' },
    ];
    const same = filters.every((filter) =>
      [index, loaded].every(
        (built) =>
          JSON.stringify(built.search(filter, 30, 15, 'questions')) ===
          JSON.stringify(expected.search(filter, 30, 15, 'questions')),
      ),
    );
    console.log(
      `| ${label} | ${questions.toLocaleString('en')} | ${buildMs.toFixed(0)} | ${longest.toFixed(0)} | ${snapshotMb.toFixed(1)} | ${savedMs.toFixed(0)} | ${loadMs.toFixed(0)} | ${loadLongest.toFixed(0)} | ${same ? 'yes' : 'NO'} |`,
    );
    await database.close();
  }
}

const size = Number(process.argv[2]);
if (Number.isFinite(size) && size > 0 && globalThis.gc) await child(size);
else {
  if (process.env.BENCH_SIZES !== '') parent();
  if (process.env.BENCH_DB_QUESTIONS !== '0') await fromDatabase();
}
