// Checks across files: the optional discipline files must agree with the exams (validate-content.ts).
import { type RawFile } from './content-files';
import { isObject, typeName } from './json-fields';
import { childPath, type ProblemList } from './problems';

/** The discipline and subject of each valid question a discipline file lists, by id. */
export type ListedQuestions = Map<string, { disciplineCode: string; subject: string }>;

/** The question ids the discipline files list (what `checkDisciplineFiles` looks up). */
export function idsListedIn(files: RawFile[]): Set<string> {
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
export function checkDisciplineFiles(
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
