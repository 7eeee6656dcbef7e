import type { QuestionSnapshot } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { questionPath } from './option-blocks';
import type { ProblemList } from './problems';
import type { ValidCatalog } from './validate-content';
import { describeChanges, incomingSnapshot } from './question-snapshot';
import { appendVersion, editedInConsole } from './question-versions.repo';

export interface UndoneEdit {
  examId: string;
  questionId: string;
  number: number;
  optionKey: string | null;
  editedBy: string | null;
  editedAt: Date;
  version: number;
  incoming: QuestionSnapshot;
  changes: string[];
}

const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });

/**
 * The questions of an import whose newest version was made in the editorial console and that the
 * import would change: an editor's fix must not be undone by an old file without anyone noticing
 * (docs/product-rules.md, "Question versions").
 */
export async function editsUndoneBy(db: Database, catalog: ValidCatalog): Promise<UndoneEdit[]> {
  const edited = await editedInConsole(
    db,
    catalog.exams.map((exam) => exam.id),
  );
  if (edited.length === 0) return [];
  const latest = new Map(edited.map((row) => [row.questionId, row]));
  const undone: UndoneEdit[] = [];
  for (const exam of catalog.exams) {
    for (const question of exam.questions) {
      const console = latest.get(question.id);
      if (!console) continue;
      const incoming = incomingSnapshot(exam, question);
      const changes = describeChanges(console.snapshot as QuestionSnapshot, incoming);
      if (changes.length === 0) continue;
      undone.push({
        examId: exam.id,
        questionId: question.id,
        number: question.number,
        optionKey: question.optionKey,
        editedBy: console.createdByName,
        editedAt: console.createdAt,
        version: console.version,
        incoming,
        changes,
      });
    }
  }
  return undone;
}

export function reportUndoneEdits(undone: UndoneEdit[], problems: ProblemList) {
  for (const edit of undone) {
    problems.report(
      `provas/${edit.examId}.json`,
      questionPath(edit.optionKey, edit.number),
      `desfaria a edição feita no console${edit.editedBy ? ` por ${edit.editedBy}` : ''} em ` +
        `${day.format(edit.editedAt)} (versão ${edit.version}: ${edit.changes.join('; ')}); ` +
        'leve a edição para o arquivo, ou importe com --overwrite-edits para substituí-la pelo arquivo',
    );
  }
}

/** What an import wrote over console edits, as a version of each question. */
export async function recordOverwrittenEdits(tx: Database, undone: UndoneEdit[]) {
  for (const edit of undone) {
    await appendVersion(tx, {
      questionId: edit.questionId,
      source: 'import',
      snapshot: edit.incoming,
      changes: edit.changes,
      createdByName: 'Importação de conteúdo (substituiu a edição do console)',
    });
  }
}
