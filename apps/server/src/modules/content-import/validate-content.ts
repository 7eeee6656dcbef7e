import {
  ASSET_ID_PATTERN,
  FIGURE_HEIGHT_RANGE,
  FIGURE_MIN_WIDTH_RANGE,
  parseFigureHeight,
  parseFigureMinWidth,
  type ExamKind,
  type QuestionCommentary,
  countLabel,
  plural,
} from '@gabarita/shared';
import type { Alternative } from '@/db/schema';
import { slicer } from '@/lib/event-loop';
import { readCommentary } from './commentary';
import { readConcursoField, readExamKind } from './exam-kind';
import { type QuestionSet, readOptionBlocks } from './option-blocks';
import { readStudyNotes, type ValidStudyNotes } from './study-notes';
import type { ContentFiles, ImageFile, RawFile } from './content-files';
import { IMAGE_EXTENSIONS_LABEL } from './content-files';
import {
  checkCount,
  checkText,
  describe,
  describeControlCharacter,
  Fields,
  isObject,
  isWebAddress,
  type JsonObject,
  typeName,
} from './json-fields';
import { type At, childPath, type Problem, ProblemList } from './problems';
import {
  type FigureMarker,
  htmlToText,
  isFigurePlacement,
  plainText,
  sanitizeStatementHtml,
} from './sanitize';

export type { Problem } from './problems';

export type QuestionStatusValue = 'regular' | 'annulled' | 'outdated';

export interface ValidQuestion {
  id: string;
  number: number;
  /** The option block (format 2 `opcoes`) the question belongs to; null: a common question. */
  optionKey: string | null;
  statementHtml: string;
  alternatives: Alternative[];
  /** The key; 'X' for an annulled question without one. */
  answerLetter: string;
  disciplineCode: string;
  subject: string;
  referenceKeys: string[];
  image: { assetId: string; description: string } | null;
  status: QuestionStatusValue;
  statusNote: string | null;
  /** The authored comment (format 2 `comentario`), or null. */
  commentary: QuestionCommentary | null;
  /** The comment is a model's draft not yet reviewed (`rascunho: true`). */
  commentaryDraft: boolean;
}

export interface ValidExam {
  id: string;
  version: 1 | 2;
  kind: ExamKind;
  /** Null only outside concursos (format 2 `tipo`). */
  cargoGeral: string | null;
  cargo: string | null;
  orgao: string | null;
  nivel: string | null;
  instituicao: string;
  ano: string;
  demonstration: boolean;
  source: { origem: string; licenca: string | null; url: string | null } | null;
  /** Option blocks in the file's order; their questions are in `questions` with their optionKey. */
  options: { key: string; name: string }[];
  referenceTexts: { key: string; html: string }[];
  questions: ValidQuestion[];
}

export interface ValidCatalog {
  disciplines: { code: string; name: string }[];
  exams: ValidExam[];
  /** The team's study notes per subject (`notas/`). */
  studyNotes: ValidStudyNotes[];
  /** The images the exams use. */
  images: ImageFile[];
}

export const SUPPORTED_VERSIONS = [1, 2] as const;
const DISCIPLINE_CODE = /^[a-z][a-z0-9_]*$/;
const EXAM_ID = /^[a-z0-9_]+_prova$/;
const LETTERS = 'ABCDE';
const FORMAT_2_QUESTION_FIELDS = ['situacao', 'nota', 'comentario'];
const FORMAT_2_EXAM_FIELDS = ['fonte', 'tipo', 'opcoes'];
const SITUATIONS: Record<string, QuestionStatusValue> = {
  anulada: 'annulled',
  desatualizada: 'outdated',
};

/** Something used in many places but reported once, where it is first used. */
interface FirstUse {
  file: string;
  path: string;
  uses: number;
  files: Set<string>;
}

function usesLabel(uses: number, files: number) {
  const times = countLabel(uses, 'uso', 'usos');
  return files > 1 ? `${times} em ${countLabel(files, 'arquivo', 'arquivos')}` : times;
}

/**
 * Checks a whole catalogue folder and returns every problem with its file and JSON path, or the
 * catalogue ready to be written (HTML sanitized). Independent problems are all reported in one
 * run; a problem that would repeat (an unknown discipline, a missing image) is reported once, where
 * it is first found, with the number of uses.
 */
export async function validateContent(
  files: ContentFiles,
  progress: (line: string) => void = () => undefined,
): Promise<{ problems: Problem[]; catalog: ValidCatalog }> {
  const validator = createCatalogValidator({ ...files, imageNames: files.images });
  // Ids equal their file names (checked per exam), so they are unique.
  const exams: ValidExam[] = [];
  const step = Math.max(1, Math.ceil(files.exams.length / 10));
  // Run inside the server on PGlite: requests are served between slices.
  const pause = slicer();
  for (const [index, raw] of files.exams.entries()) {
    await pause();
    const exam = validator.exam(raw);
    if (exam) exams.push(exam);
    if (files.exams.length >= 200 && ((index + 1) % step === 0 || index + 1 === files.exams.length))
      progress(`  ${index + 1}/${files.exams.length} provas verificadas`);
  }
  const checked = validator.finish({
    unreadableExams: files.unreadable.filter((entry) => entry.file.startsWith('provas/')).length,
  });
  return {
    problems: [
      ...files.unreadable.map(({ file, reason }) => ({ file, path: '$', message: reason })),
      ...checked.problems,
    ],
    catalog: {
      disciplines: checked.disciplines,
      exams,
      studyNotes: checked.studyNotes,
      images: checked.usedImages.map((assetId) => files.images.get(assetId)!),
    },
  };
}

/** What the checks across files start from: the small files, and the names of the images. */
export interface CatalogValidatorInput {
  disciplines: RawFile | null;
  disciplineFiles: RawFile[];
  noteFiles: RawFile[];
  imageNames: { has(assetId: string): boolean };
}

export type CatalogValidator = ReturnType<typeof createCatalogValidator>;

/**
 * Checks a catalogue one exam file at a time (`exam`), keeping of each only what the checks across
 * files need (unknown disciplines and missing images with their first use, the images used, the
 * subjects named, the discipline and subject of the questions the discipline files list); `finish`
 * reports those. Every problem but the unreadable files' (the caller's, reported first).
 */
export function createCatalogValidator(input: CatalogValidatorInput) {
  const problems = new ProblemList();
  const disciplines = readDisciplineCatalog(input.disciplines, problems);
  const unknownDisciplines = new Map<string, FirstUse>();
  const missingImages = new Map<string, FirstUse>();
  const usedImages = new Set<string>();
  const listedIds = idsListedIn(input.disciplineFiles);
  const listed: ListedQuestions = new Map();
  const subjectsNamed = new Set<string>();
  let examFiles = 0;
  const remember = (map: Map<string, FirstUse>, key: string, file: string, path: string) => {
    const entry = map.get(key) ?? { file, path, uses: 0, files: new Set<string>() };
    entry.uses += 1;
    entry.files.add(file);
    map.set(key, entry);
  };
  const context: ExamContext = {
    knownDiscipline: (code, file, path) => {
      if (disciplines.known.has(code)) return true;
      remember(unknownDisciplines, code, file, path);
      return false;
    },
    useImage: (assetId, file, path) => {
      if (input.imageNames.has(assetId)) usedImages.add(assetId);
      else remember(missingImages, assetId, file, path);
    },
  };
  // A file read again: the same checks, nothing remembered.
  const again: ExamContext = {
    knownDiscipline: (code) => disciplines.known.has(code),
    useImage: () => undefined,
  };

  return {
    /** Checks one exam file; its problems are kept for `finish`. */
    exam(raw: RawFile): ValidExam | null {
      examFiles += 1;
      addSubjectsNamedIn(raw.data, subjectsNamed);
      const exam = readExam(raw, problems.in(raw.file), context);
      for (const question of exam?.questions ?? []) {
        if (listedIds.has(question.id))
          listed.set(question.id, {
            disciplineCode: question.disciplineCode,
            subject: question.subject,
          });
      }
      return exam;
    },

    /** Checks an exam file again, as `exam` did: the exam and how many problems it has. */
    again(raw: RawFile): { exam: ValidExam | null; problems: number } {
      const own = new ProblemList();
      const exam = readExam(raw, own.in(raw.file), again);
      return { exam, problems: own.size };
    },

    /** The checks across files, once every exam file has been through `exam`. */
    finish({ unreadableExams }: { unreadableExams: number }) {
      for (const [code, use] of unknownDisciplines) {
        problems.report(
          use.file,
          use.path,
          `disciplina desconhecida: "${code}" não está em disciplinas.json (${usesLabel(use.uses, use.files.size)})`,
        );
      }
      for (const [assetId, use] of missingImages) {
        problems.report(
          use.file,
          use.path,
          `imagem ausente: nenhum arquivo imagens/${assetId}.(${IMAGE_EXTENSIONS_LABEL}) (${usesLabel(use.uses, use.files.size)})`,
        );
      }
      if (examFiles === 0 && unreadableExams === 0)
        problems.report('provas/', '$', 'nenhuma prova encontrada');
      checkDisciplineFiles(input.disciplineFiles, listed, problems);
      const studyNotes = readStudyNotes(
        input.noteFiles,
        subjectsNamed,
        (code) => disciplines.known.has(code),
        problems,
      );
      return {
        problems: problems.items,
        disciplines: [...disciplines.names].map(([code, name]) => ({ code, name })),
        studyNotes,
        /** In the order first used. */
        usedImages: [...usedImages],
      };
    },
  };
}

/**
 * Every discipline and subject an exam file names, valid questions or not (a problem in a question
 * is reported there, not again at the subject's study notes), as "code\0subject".
 */
function addSubjectsNamedIn(data: unknown, named: Set<string>) {
  if (!isObject(data)) return;
  const blocks = isObject(data.opcoes) ? Object.values(data.opcoes) : [];
  const sets = [data.questoes, ...blocks.map((block) => isObject(block) && block.questoes)];
  for (const question of sets.flatMap((set) => (isObject(set) ? Object.values(set) : []))) {
    if (!isObject(question)) continue;
    const { disciplina, assunto } = question;
    if (typeof disciplina === 'string' && typeof assunto === 'string')
      named.add(`${disciplina.trim()}\u0000${assunto.trim()}`);
  }
}

function readDisciplineCatalog(raw: RawFile | null, problems: ProblemList) {
  const known = new Set<string>();
  const names = new Map<string, string>();
  if (!raw) {
    problems.report(
      'disciplinas.json',
      '$',
      'arquivo obrigatório ausente: o catálogo de disciplinas',
    );
    return { known, names };
  }
  const at = problems.in(raw.file);
  if (!isObject(raw.data)) {
    at('$', `deve ser um objeto { "codigo": "Nome" }, não ${typeName(raw.data)}`);
    return { known, names };
  }
  for (const [code, name] of Object.entries(raw.data)) {
    const path = childPath('$', code);
    // An invalid code is still what the exams mean by it: it is reported here, once, and not again
    // at every question that uses it.
    known.add(code);
    if (!DISCIPLINE_CODE.test(code)) {
      const suggestion = code
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '');
      at(
        path,
        `código inválido: use letras minúsculas sem acento, números e _` +
          (DISCIPLINE_CODE.test(suggestion) ? ` (por exemplo "${suggestion}")` : ''),
      );
    }
    const text = checkText(name, path, at);
    if (text !== undefined) names.set(code, text);
  }
  return { known, names };
}

interface ExamContext {
  /** False (and remembered, to be reported once) when the code is not in disciplinas.json. */
  knownDiscipline(code: string, file: string, path: string): boolean;
  useImage(assetId: string, file: string, path: string): void;
}

function readVersion(data: JsonObject, at: At): 1 | 2 | null {
  if (!Object.hasOwn(data, 'versao')) return 1;
  const value = data.versao;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (number === 1 || number === 2) return number;
  at('$.versao', `versão do formato não suportada: ${describe(value)} (use 1 ou 2)`);
  return null;
}

function readExam(raw: RawFile, at: At, context: ExamContext): ValidExam | null {
  if (!isObject(raw.data)) {
    at('$', `deve ser um objeto, não ${typeName(raw.data)}`);
    return null;
  }
  const version = readVersion(raw.data, at);
  if (version === null) return null;
  const fields = new Fields(raw.data, '$', at);
  const v2 = version === 2;
  if (v2) fields.raw('versao');

  const id = fields.text('id');
  if (id !== undefined) {
    if (!EXAM_ID.test(id)) at('$.id', 'deve usar a-z, 0-9 e _ e terminar com "_prova"');
    else if (raw.file !== `provas/${id}.json`)
      at('$.id', `deve ser igual ao nome do arquivo (${raw.file})`);
  }
  // Format 1 has no `tipo`: every exam of it is a concurso.
  const kind = v2 ? readExamKind(fields) : 'concurso';
  const cargoGeral = readConcursoField(fields, 'cargo_geral', kind, version);
  const cargo = readConcursoField(fields, 'cargo', kind, version);
  const orgao = readConcursoField(fields, 'orgão', kind, version);
  const nivel = readConcursoField(fields, 'nível', kind, version);
  const instituicao = fields.text('instituição');
  const ano = readYear(fields, v2);
  const total = fields.count('TOTAL', v2);
  const demonstration = fields.boolean('demonstracao') ?? false;
  const source = v2 ? readSource(fields) : null;
  for (const name of v2 ? [] : FORMAT_2_EXAM_FIELDS.filter((key) => fields.has(key)))
    at(fields.pathOf(name), 'campo do formato 2: declare "versao": 2 na prova para usá-lo');

  const file = raw.file;
  const useImage = (assetId: string, path: string) => context.useImage(assetId, file, path);

  const referenceTexts: { key: string; html: string }[] = [];
  for (const key of Object.keys(raw.data).filter((key) => key.startsWith('id_'))) {
    const path = childPath('$', key);
    const value = checkText(fields.raw(key), path, at);
    if (value === undefined) continue;
    const html = readHtml(value, path, at, version, useImage);
    referenceTexts.push({ key, html });
  }
  const referenceKeys = new Set(referenceTexts.map((reference) => reference.key));

  const questionContext = (idPrefix: string, optionKey: string | null): QuestionContext => ({
    version,
    idPrefix,
    optionKey,
    referenceKeys,
    knownDiscipline: (code, codePath) => context.knownDiscipline(code, file, codePath),
    useImage,
  });
  /**
   * One `questoes` object (the common one or a block's) and the `disciplinas` beside it; `compare`
   * reports where the declared counts differ from the questions.
   */
  const readSet = (owner: Fields, idPrefix: string, optionKey: string | null) => {
    const declared = readDisciplineMap(owner, v2, file, context);
    const questoes = owner.object('questoes');
    if (!questoes) return null;
    const set = readQuestionSet(
      questoes,
      owner.pathOf('questoes'),
      at,
      questionContext(idPrefix, optionKey),
    );
    const compare = () =>
      declared && compareDisciplineMap(declared, set.counted, owner.pathOf('disciplinas'), at);
    return { ...set, compare };
  };

  const common = readSet(fields, id ?? '', null);
  const blocks = v2
    ? readOptionBlocks(fields, common, (block, key) => {
        const set = readSet(block, `${id ?? ''}_${key}`, key);
        if (set?.numbers.length === 0) at(block.pathOf('questoes'), 'a opção não tem questões');
        set?.compare();
        return set;
      })
    : [];
  if (common) {
    // What one candidate answers: the common questions and one block (docs/content-format.md).
    const blockSize = blocks[0]?.set.numbers.length ?? 0;
    const size = common.numbers.length + blockSize;
    if (total !== undefined && total !== size) {
      at(
        '$.TOTAL',
        blocks.length > 0
          ? `diz ${total}, mas um candidato faz ${countLabel(size, 'questão', 'questões')} (${common.numbers.length} ${plural(common.numbers.length, 'comum', 'comuns')} e ${blockSize} da sua opção)`
          : `diz ${total}, mas a prova tem ${countLabel(size, 'questão', 'questões')}`,
      );
    }
    if (size === 0) at('$.questoes', 'a prova não tem questões');
    common.compare();
  }
  const blockOrder = new Map(blocks.map((block, index) => [block.key, index]));
  const questions = [common, ...blocks.map((block) => block.set)]
    .flatMap((set) => set?.questions ?? [])
    .sort(
      (a, b) =>
        a.number - b.number ||
        (blockOrder.get(a.optionKey ?? '') ?? -1) - (blockOrder.get(b.optionKey ?? '') ?? -1),
    );

  if (v2) fields.rejectUnknown((key) => key.startsWith('id_'));
  if (
    id === undefined ||
    kind === null ||
    cargoGeral === undefined ||
    cargo === undefined ||
    orgao === undefined ||
    nivel === undefined ||
    instituicao === undefined ||
    ano === undefined
  ) {
    return null;
  }
  return {
    id,
    version,
    kind,
    cargoGeral,
    cargo,
    orgao,
    nivel,
    instituicao,
    ano,
    demonstration,
    source,
    options: blocks.map(({ key, name }) => ({ key, name })),
    referenceTexts,
    questions,
  };
}

type DisciplineTally = Map<string, { total: number; subjects: Map<string, number> }>;

/** The questions of one `questoes` object, tallied per discipline and subject for the counts. */
function readQuestionSet(
  questoes: JsonObject,
  basePath: string,
  at: At,
  context: QuestionContext,
): QuestionSet<ValidQuestion> & { counted: DisciplineTally } {
  const questions: ValidQuestion[] = [];
  const numbers: number[] = [];
  const counted: DisciplineTally = new Map();
  for (const [key, value] of Object.entries(questoes)) {
    const path = childPath(basePath, key);
    if (!/^\d+$/.test(key)) {
      at(path, 'a chave deve ser o número da questão, como "1"');
      continue;
    }
    numbers.push(Number(key));
    if (!isObject(value)) {
      at(path, `deve ser um objeto, não ${typeName(value)}`);
      continue;
    }
    const question = readQuestion(value, key, path, at, context);
    if (question.disciplineCode && question.subject) {
      const tally = counted.get(question.disciplineCode) ?? { total: 0, subjects: new Map() };
      tally.total += 1;
      tally.subjects.set(question.subject, (tally.subjects.get(question.subject) ?? 0) + 1);
      counted.set(question.disciplineCode, tally);
    }
    if (question.valid) questions.push(question.valid);
  }
  return { questions, numbers, counted };
}

function readYear(fields: Fields, v2: boolean): string | undefined {
  const value = fields.raw('ano');
  if (value === undefined) {
    fields.at('$.ano', 'campo obrigatório ausente');
    return undefined;
  }
  const text = typeof value === 'number' && v2 ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text.trim())) {
    fields.at('$.ano', `deve ser um ano com 4 dígitos, como "2015" (recebido: ${describe(value)})`);
    return undefined;
  }
  return text.trim();
}

function readSource(fields: Fields): ValidExam['source'] {
  const object = fields.object('fonte', { optional: true });
  if (!object) return null;
  const source = new Fields(object, '$.fonte', fields.at);
  const origem = source.text('origem');
  const licenca = source.text('licenca', { optional: true }) ?? null;
  const url = source.text('url', { optional: true }) ?? null;
  if (url !== null && !isWebAddress(url))
    fields.at('$.fonte.url', 'deve ser um endereço http:// ou https://');
  source.rejectUnknown();
  return origem === undefined
    ? null
    : { origem, licenca, url: url && isWebAddress(url) ? url : null };
}

type DisciplineMap = Map<
  string,
  { total: number | undefined; subjects: Map<string, number | undefined> }
>;

function readDisciplineMap(
  fields: Fields,
  v2: boolean,
  file: string,
  context: ExamContext,
): DisciplineMap | null {
  const object = fields.object('disciplinas');
  if (!object) return null;
  const map: DisciplineMap = new Map();
  for (const [code, value] of Object.entries(object)) {
    const path = childPath(fields.pathOf('disciplinas'), code);
    context.knownDiscipline(code, file, path);
    if (!isObject(value)) {
      fields.at(
        path,
        `deve ser um objeto { "total": …, "assuntos": { … } }, não ${typeName(value)}`,
      );
      continue;
    }
    const entry = new Fields(value, path, fields.at);
    const total = entry.count('total', v2);
    const subjects = new Map<string, number | undefined>();
    const assuntos = entry.object('assuntos');
    for (const [subject, count] of Object.entries(assuntos ?? {})) {
      subjects.set(
        subject.trim(),
        checkCount(count, childPath(`${path}.assuntos`, subject), fields.at, v2),
      );
    }
    if (v2) entry.rejectUnknown();
    map.set(code, { total, subjects });
  }
  return map;
}

function compareDisciplineMap(
  declared: DisciplineMap,
  counted: Map<string, { total: number; subjects: Map<string, number> }>,
  /** `$.disciplinas`, or a block's (`$.opcoes.ingles.disciplinas`). */
  basePath: string,
  at: At,
) {
  const where = basePath === '$.disciplinas' ? 'na prova' : 'na opção';
  for (const [code, { total, subjects }] of declared) {
    const path = childPath(basePath, code);
    const actual = counted.get(code);
    if (!actual) {
      at(path, `nenhuma questão desta disciplina ${where}`);
      continue;
    }
    if (total !== undefined && total !== actual.total) {
      at(
        `${path}.total`,
        `diz ${total}, mas há ${countLabel(actual.total, 'questão', 'questões')} desta disciplina`,
      );
    }
    for (const [subject, value] of subjects) {
      const found = actual.subjects.get(subject) ?? 0;
      if (value !== undefined && value !== found) {
        at(
          childPath(`${path}.assuntos`, subject),
          `diz ${value}, mas há ${countLabel(found, 'questão', 'questões')} deste assunto`,
        );
      }
    }
    for (const subject of actual.subjects.keys()) {
      if (!subjects.has(subject)) at(`${path}.assuntos`, `falta o assunto "${subject}"`);
    }
  }
  for (const code of counted.keys()) {
    if (!declared.has(code))
      at(basePath, `falta a disciplina "${code}", que tem questões ${where}`);
  }
}

/** Sanitizes statement HTML and checks its figure markers (format 2). */
function readHtml(
  value: string,
  path: string,
  at: At,
  version: 1 | 2,
  useImage: (assetId: string, path: string) => void,
): string {
  const sanitized = sanitizeStatementHtml(value, version);
  if (version === 2) {
    if (sanitized.images > 0) {
      at(path, '<img> não é aceito: use <figura imagem="nome-da-imagem" alt="descrição"></figura>');
    }
    checkFigures(sanitized.figures, path, at, useImage);
  }
  return sanitized.html;
}

function checkFigures(
  markers: FigureMarker[],
  path: string,
  at: At,
  useImage: (assetId: string, path: string) => void,
) {
  for (const marker of markers) {
    const assetId = marker.assetId?.trim();
    const name = assetId ? `"${assetId}"` : 'sem nome';
    if (!assetId) at(path, 'figura sem o atributo imagem="nome-da-imagem"');
    else if (!ASSET_ID_PATTERN.test(assetId))
      at(path, `figura com nome de imagem inválido: ${name} (use letras, números, _ e -)`);
    else useImage(assetId, path);
    if (!marker.alt?.trim()) at(path, `a figura ${name} precisa de uma descrição em alt="..."`);
    if (marker.placement !== undefined && !isFigurePlacement(marker.placement)) {
      at(path, `a figura ${name} tem tipo="${marker.placement}": use "bloco" ou "linha"`);
    }
    checkFigureSize(marker, name, path, at);
  }
}

/** `largura_minima` and `altura`: an invalid value is reported, never silently dropped. */
function checkFigureSize(marker: FigureMarker, name: string, path: string, at: At) {
  if (marker.minWidth !== undefined && parseFigureMinWidth(marker.minWidth) === undefined) {
    at(
      path,
      `a figura ${name} tem largura_minima="${marker.minWidth}": use um número inteiro de pixels de ${FIGURE_MIN_WIDTH_RANGE.min} a ${FIGURE_MIN_WIDTH_RANGE.max} (0 deixa a figura encolher livremente)`,
    );
  }
  if (marker.height === undefined) return;
  if (parseFigureHeight(marker.height) === undefined) {
    at(
      path,
      `a figura ${name} tem altura="${marker.height}": use um número de ${FIGURE_HEIGHT_RANGE.min} a ${FIGURE_HEIGHT_RANGE.max}, com ponto, como "1.2" (a altura em relação à letra do texto)`,
    );
  } else if ((marker.placement ?? 'bloco') === 'bloco') {
    at(path, `a figura ${name} tem altura, que só vale para figuras com tipo="linha"`);
  }
}

interface QuestionContext {
  version: 1 | 2;
  /** The exam's id, or `<examId>_<option>` in an option block: the question's id is `<prefix>_<number>`. */
  idPrefix: string;
  optionKey: string | null;
  referenceKeys: Set<string>;
  knownDiscipline(code: string, path: string): boolean;
  useImage(assetId: string, path: string): void;
}

/**
 * One question. Returns what could be read even when something is wrong, so the exam's counts are
 * still compared (and reported) against what the file holds.
 */
function readQuestion(
  object: JsonObject,
  key: string,
  path: string,
  at: At,
  context: QuestionContext,
): { valid: ValidQuestion | null; disciplineCode?: string; subject?: string } {
  const { version } = context;
  const fields = new Fields(object, path, at);
  let ok = true;
  const fail = <T>(value: T | undefined): T | undefined => {
    if (value === undefined) ok = false;
    return value;
  };

  const number = fields.text('id_questao');
  if (number !== undefined && number !== key)
    at(fields.pathOf('id_questao'), `deve ser igual à chave da questão ("${key}")`);

  const statementText = fail(fields.text('questao'));
  const statementHtml =
    statementText === undefined
      ? undefined
      : readHtml(statementText, fields.pathOf('questao'), at, version, context.useImage);
  if (statementHtml === '') {
    at(fields.pathOf('questao'), 'o enunciado fica vazio depois de limpo o HTML');
    ok = false;
  }

  // Format 2: state and note.
  let status: QuestionStatusValue = 'regular';
  let statusNote: string | null = null;
  // With an invalid state, whether a key is required is unknown: not reported again.
  let statusUnknown = false;
  if (version === 2) {
    const situacao = fields.text('situacao', { optional: true });
    if (situacao !== undefined) {
      const mapped = SITUATIONS[situacao];
      if (!mapped) {
        at(
          fields.pathOf('situacao'),
          `situação inválida: "${situacao}" (use "anulada" ou "desatualizada")`,
        );
        ok = false;
        statusUnknown = true;
      } else status = mapped;
    } else if (fields.has('situacao')) {
      ok = false;
      statusUnknown = true;
    }
    statusNote = fields.text('nota', { optional: true }) ?? null;
    if (situacao === undefined && fields.has('nota'))
      at(fields.pathOf('nota'), 'a nota acompanha uma "situacao" (anulada ou desatualizada)');
    if (status === 'outdated' && statusNote === null && !fields.has('nota')) {
      at(
        fields.pathOf('nota'),
        'uma questão desatualizada precisa de uma nota dizendo o que mudou',
      );
      ok = false;
    }
  } else {
    for (const name of FORMAT_2_QUESTION_FIELDS) {
      if (fields.has(name))
        at(fields.pathOf(name), 'campo do formato 2: declare "versao": 2 na prova para usá-lo');
    }
  }

  const alternatives = readAlternatives(fields, version, at, context.useImage);
  if (!alternatives) ok = false;
  const letters = alternatives?.map((alternative) => alternative.letter).join('');
  const commentary = version === 2 ? readCommentary(fields, letters, at) : null;
  if (commentary === undefined) ok = false;

  let answerLetter: string | undefined;
  const gabarito = fields.raw('gabarito');
  const gabaritoPath = fields.pathOf('gabarito');
  if (statusUnknown) {
    fields.raw('gabarito');
  } else if (status === 'annulled') {
    // An annulled question may keep its original key, or none ('X').
    if (gabarito === undefined || gabarito === 'X') answerLetter = 'X';
    else if (typeof gabarito === 'string' && letters?.includes(gabarito)) answerLetter = gabarito;
    else {
      at(
        gabaritoPath,
        `deve ser uma das letras das alternativas, "X" ou ausente numa questão anulada`,
      );
      ok = false;
    }
  } else if (gabarito === undefined) {
    at(gabaritoPath, 'campo obrigatório ausente');
    ok = false;
  } else if (typeof gabarito !== 'string' || !/^[A-E]$/.test(gabarito)) {
    at(
      gabaritoPath,
      gabarito === 'X'
        ? '"X" só vale para questão anulada: use "situacao": "anulada" (formato 2)'
        : `deve ser uma letra de A a E (recebido: ${describe(gabarito)})`,
    );
    ok = false;
  } else if (letters !== undefined && !letters.includes(gabarito)) {
    at(
      gabaritoPath,
      `"${gabarito}" não está entre as alternativas (${letters.split('').join(', ')})`,
    );
    ok = false;
  } else answerLetter = gabarito;

  const disciplineCode = fields.text('disciplina');
  if (
    disciplineCode !== undefined &&
    !context.knownDiscipline(disciplineCode, fields.pathOf('disciplina'))
  )
    ok = false;
  const subject = fail(fields.text('assunto'));

  const referenceKeys: string[] = [];
  const referencia = fields.array('referencia', { optional: true });
  referencia?.forEach((reference, index) => {
    const referencePath = childPath(fields.pathOf('referencia'), index);
    if (typeof reference !== 'string') {
      at(referencePath, `deve ser o nome de um texto de referência, não ${typeName(reference)}`);
      ok = false;
    } else if (!context.referenceKeys.has(reference)) {
      at(referencePath, `texto de referência inexistente: "${reference}"`);
      ok = false;
    } else referenceKeys.push(reference);
  });

  let image: ValidQuestion['image'] = null;
  const img = fields.raw('img');
  if (img !== undefined) {
    const imgPath = fields.pathOf('img');
    if (!Array.isArray(img) || img.length !== 2) {
      at(imgPath, 'deve ser uma lista [nome-da-imagem, descrição]');
      ok = false;
    } else {
      const assetId = checkText(img[0], childPath(imgPath, 0), at);
      const description = checkText(img[1], childPath(imgPath, 1), at);
      if (assetId !== undefined && !ASSET_ID_PATTERN.test(assetId)) {
        at(
          childPath(imgPath, 0),
          `nome de imagem inválido: "${assetId}" (use letras, números, _ e -)`,
        );
        ok = false;
      } else if (assetId !== undefined) context.useImage(assetId, childPath(imgPath, 0));
      if (assetId === undefined || description === undefined) ok = false;
      else image = { assetId, description };
    }
  }

  if (version === 2) fields.rejectUnknown();

  const valid =
    ok &&
    number !== undefined &&
    statementHtml !== undefined &&
    alternatives &&
    answerLetter !== undefined &&
    disciplineCode !== undefined &&
    subject !== undefined &&
    commentary !== undefined
      ? {
          id: `${context.idPrefix}_${key}`,
          number: Number(key),
          optionKey: context.optionKey,
          statementHtml,
          alternatives,
          answerLetter,
          disciplineCode,
          subject,
          referenceKeys,
          image,
          status,
          statusNote,
          commentary: commentary?.commentary ?? null,
          commentaryDraft: commentary?.draft ?? false,
        }
      : null;
  return { valid, disciplineCode, subject };
}

const ALTERNATIVE_TEXT = /^\s*([A-E])\)\s?([\s\S]*)$/;

function readAlternatives(
  fields: Fields,
  version: 1 | 2,
  at: At,
  useImage: (assetId: string, path: string) => void,
): Alternative[] | undefined {
  const list = fields.array('Alternativas');
  if (!list) return undefined;
  const path = fields.pathOf('Alternativas');
  let ok = true;
  if (list.length < 2 || list.length > 5) {
    at(path, `precisa de 2 a 5 alternativas (tem ${list.length})`);
    ok = false;
  }
  const alternatives: Alternative[] = [];
  list.forEach((item, index) => {
    const itemPath = childPath(path, index);
    const alternative =
      typeof item === 'string'
        ? readTextAlternative(item, itemPath, at, version)
        : version === 2 && isObject(item)
          ? readObjectAlternative(item, itemPath, at, useImage)
          : (at(
              itemPath,
              version === 2
                ? `deve ser um texto "A) …" ou um objeto { "letra", "texto" | "html" | "imagem" }, não ${typeName(item)}`
                : `deve ser um texto "A) …", não ${typeName(item)}`,
            ),
            undefined);
    if (alternative) alternatives.push(alternative);
    else ok = false;
  });
  if (!ok) return undefined;
  const letters = alternatives.map((alternative) => alternative.letter).join('');
  if (letters !== 'CE' && letters !== LETTERS.slice(0, letters.length)) {
    at(
      path,
      `letras fora de ordem (${letters}): use A, B, C... ou exatamente C) Certo e E) Errado`,
    );
    return undefined;
  }
  return alternatives;
}

function readTextAlternative(
  item: string,
  path: string,
  at: At,
  version: 1 | 2,
): Alternative | undefined {
  const match = ALTERNATIVE_TEXT.exec(item);
  if (!match) {
    at(path, `deve começar com a letra e ")", como "A) …" (recebido: ${describe(item)})`);
    return undefined;
  }
  const letter = match[1]!;
  // Format 2: the text is text, every character kept; format 1 reduces HTML to text.
  const text = version === 2 ? match[2]!.trim() : plainText(match[2]!);
  if (text === '') {
    at(path, `a alternativa ${letter} está vazia`);
    return undefined;
  }
  const control = describeControlCharacter(text);
  if (control) {
    at(path, `a alternativa ${letter} contém ${control}`);
    return undefined;
  }
  return { letter, text, html: null, figure: null };
}

function readObjectAlternative(
  object: JsonObject,
  path: string,
  at: At,
  useImage: (assetId: string, path: string) => void,
): Alternative | undefined {
  const fields = new Fields(object, path, at);
  const letra = fields.text('letra');
  let letter: string | undefined;
  if (letra !== undefined) {
    if (/^[A-E]$/.test(letra)) letter = letra;
    else at(fields.pathOf('letra'), `deve ser uma letra de A a E (recebido: ${describe(letra)})`);
  }
  const kinds = ['texto', 'html', 'imagem'].filter((kind) => fields.has(kind));
  let result: Omit<Alternative, 'letter'> | undefined;
  if (kinds.length !== 1) {
    at(
      path,
      kinds.length === 0
        ? 'a alternativa precisa de "texto", "html" ou "imagem"'
        : `use só um de "texto", "html" ou "imagem" (a alternativa tem ${kinds.map((kind) => `"${kind}"`).join(' e ')})`,
    );
    // Read them anyway, so their own problems are reported.
  }
  if (fields.has('texto')) {
    const text = fields.text('texto');
    if (text !== undefined) result = { text, html: null, figure: null };
  }
  if (fields.has('html')) {
    const source = fields.text('html');
    if (source !== undefined) {
      const htmlPath = fields.pathOf('html');
      const html = readHtml(source, htmlPath, at, 2, useImage);
      const text = htmlToText(html);
      if (text === '') at(htmlPath, 'a alternativa fica vazia depois de limpo o HTML');
      else result = { text, html, figure: null };
    }
  }
  if (fields.has('imagem')) {
    const assetId = fields.text('imagem');
    const description = fields.text('descricao');
    if (assetId !== undefined && !ASSET_ID_PATTERN.test(assetId)) {
      at(
        fields.pathOf('imagem'),
        `nome de imagem inválido: "${assetId}" (use letras, números, _ e -)`,
      );
    } else if (assetId !== undefined) {
      useImage(assetId, fields.pathOf('imagem'));
      if (description !== undefined)
        result = { text: `[Figura: ${description}]`, html: null, figure: { assetId, description } };
    }
  } else if (fields.has('descricao')) {
    fields.raw('descricao');
    at(fields.pathOf('descricao'), '"descricao" acompanha "imagem": é a descrição da figura');
  }
  fields.rejectUnknown();
  if (letter === undefined || kinds.length !== 1 || !result) return undefined;
  return { letter, ...result };
}

/** The discipline and subject of each valid question a discipline file lists, by id. */
type ListedQuestions = Map<string, { disciplineCode: string; subject: string }>;

/** The question ids the discipline files list (what `checkDisciplineFiles` looks up). */
function idsListedIn(files: RawFile[]): Set<string> {
  const ids = new Set<string>();
  for (const { data } of files) {
    if (!isObject(data)) continue;
    for (const [key, value] of Object.entries(data)) {
      if (key.startsWith('id_') || !Array.isArray(value)) continue;
      for (const id of value) ids.add(String(id));
    }
  }
  return ids;
}

/** Optional discipline files must agree with the exams: same subjects and question ids. */
function checkDisciplineFiles(
  files: RawFile[],
  questionsById: ListedQuestions,
  problems: ProblemList,
) {
  for (const raw of files) {
    const at = problems.in(raw.file);
    const code = raw.file.replace(/^disciplinas\//, '').replace(/\.json$/, '');
    if (!isObject(raw.data)) {
      at('$', `deve ser um objeto, não ${typeName(raw.data)}`);
      continue;
    }
    for (const [key, value] of Object.entries(raw.data)) {
      if (key.startsWith('id_')) continue;
      const path = childPath('$', key);
      if (!Array.isArray(value)) {
        at(path, `deve ser a lista de ids das questões do assunto, não ${typeName(value)}`);
        continue;
      }
      value.forEach((id, index) => {
        const question = questionsById.get(String(id));
        if (!question) at(childPath(path, index), `questão inexistente: "${String(id)}"`);
        else if (question.disciplineCode !== code || question.subject !== key) {
          at(
            childPath(path, index),
            `a questão "${String(id)}" é de ${question.disciplineCode} / ${question.subject}`,
          );
        }
      });
    }
  }
}
