import type { SubjectStudyNotes } from '@gabarita/shared';
import { readCommentHtml, readSources } from './commentary';
import type { RawFile } from './content-files';
import { checkText, describe, Fields, isObject, typeName } from './json-fields';
import { childPath, type ProblemList } from './problems';

export interface ValidStudyNotes {
  disciplineCode: string;
  subject: string;
  notes: SubjectStudyNotes;
}

/**
 * `notas/<disciplina>.json`: the team's study notes per subject of the discipline, each a text with
 * the key concepts and rules, the common traps and the basis. A subject must be one the folder's
 * questions use (the name exactly as in their "assunto").
 */
export function readStudyNotes(
  files: RawFile[],
  subjectsInUse: ReadonlySet<string>,
  knownDiscipline: (code: string) => boolean,
  problems: ProblemList,
): ValidStudyNotes[] {
  const notes: ValidStudyNotes[] = [];
  for (const raw of files) {
    const at = problems.in(raw.file);
    const disciplineCode = raw.file.replace(/^notas\//, '').replace(/\.json$/, '');
    if (!knownDiscipline(disciplineCode)) {
      at('$', `disciplina desconhecida: "${disciplineCode}" não está em disciplinas.json`);
      continue;
    }
    if (!isObject(raw.data)) {
      at('$', `deve ser um objeto { "assunto": { "texto", … } }, não ${typeName(raw.data)}`);
      continue;
    }
    for (const [subject, value] of Object.entries(raw.data)) {
      const path = childPath('$', subject);
      if (!subjectsInUse.has(`${disciplineCode}\u0000${subject}`)) {
        at(
          path,
          `nenhuma questão de ${disciplineCode} tem o assunto ${describe(subject)}: use o nome exatamente como no "assunto" das questões`,
        );
        continue;
      }
      if (!isObject(value)) {
        at(
          path,
          `deve ser um objeto { "texto", "armadilhas"?, "fundamento"? }, não ${typeName(value)}`,
        );
        continue;
      }
      const fields = new Fields(value, path, at);
      const text = fields.text('texto');
      const textHtml =
        text === undefined ? undefined : readCommentHtml(text, fields.pathOf('texto'), at);
      const trapsHtml = readTraps(fields, at);
      const sources = readSources(fields, at);
      fields.rejectUnknown();
      if (textHtml === undefined || !trapsHtml || !sources) continue;
      notes.push({ disciplineCode, subject, notes: { textHtml, trapsHtml, sources } });
    }
  }
  return notes;
}

function readTraps(fields: Fields, at: (path: string, message: string) => void) {
  const list = fields.array('armadilhas', { optional: true });
  if (!list) return fields.has('armadilhas') ? undefined : [];
  let ok = true;
  const traps: string[] = [];
  list.forEach((item, index) => {
    const path = childPath(fields.pathOf('armadilhas'), index);
    const text = checkText(item, path, at);
    const html = text === undefined ? undefined : readCommentHtml(text, path, at);
    if (html === undefined) ok = false;
    else traps.push(html);
  });
  return ok ? traps : undefined;
}
