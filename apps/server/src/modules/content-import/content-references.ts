// References between files: the discipline catalogue, and the disciplines and subjects an exam names (validate-content.ts).
import { countLabel } from '@gabarita/shared';
import { type RawFile } from './content-files';
import { checkCount, checkText, Fields, isObject, typeName } from './json-fields';
import { type At, childPath, type ProblemList } from './problems';
import { DISCIPLINE_CODE, type ExamContext } from './validation-model';

/**
 * Every discipline and subject an exam file names, valid questions or not (a problem in a question
 * is reported there, not again at the subject's study notes), as "code\0subject".
 */
export function addSubjectsNamedIn(data: unknown, named: Set<string>) {
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

export function readDisciplineCatalog(raw: RawFile | null, problems: ProblemList) {
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

type DisciplineMap = Map<
  string,
  { total: number | undefined; subjects: Map<string, number | undefined> }
>;

export function readDisciplineMap(
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

export function compareDisciplineMap(
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
