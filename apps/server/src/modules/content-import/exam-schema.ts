// The checks of one exam file: its fields, format version, option blocks and question sets (validate-content.ts).
import { countLabel, plural } from '@gabarita/shared';
import { readConcursoField, readExamKind } from './exam-kind';
import { type QuestionSet, readOptionBlocks } from './option-blocks';
import { type RawFile } from './content-files';
import {
  checkText,
  describe,
  Fields,
  isObject,
  isWebAddress,
  type JsonObject,
  typeName,
} from './json-fields';
import { type At, childPath } from './problems';
import {
  type ValidQuestion,
  type ValidExam,
  EXAM_ID,
  FORMAT_2_EXAM_FIELDS,
  type ExamContext,
} from './validation-model';
import { type QuestionContext, readQuestion } from './question-schema';
import { readHtml } from './content-images';
import { readDisciplineMap, compareDisciplineMap } from './content-references';

function readVersion(data: JsonObject, at: At): 1 | 2 | null {
  if (!Object.hasOwn(data, 'versao')) return 1;
  const value = data.versao;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (number === 1 || number === 2) return number;
  at('$.versao', `versão do formato não suportada: ${describe(value)} (use 1 ou 2)`);
  return null;
}

export function readExam(raw: RawFile, at: At, context: ExamContext): ValidExam | null {
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
