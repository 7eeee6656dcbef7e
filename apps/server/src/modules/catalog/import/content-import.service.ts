import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { readContentFolder } from './content-files';
import { countExams, upsertDisciplines, upsertExam, upsertImages } from './content-import.repo';
import { validateContent } from './validate-content';

export type Progress = (line: string) => void;

/** Problems beyond this many are summarized, so a broken folder does not flood the terminal. */
const MAX_LISTED_PROBLEMS = 200;

export function createContentImportService(db: Database) {
  return {
    importContent: (dir: string, progress?: Progress) => importContent(db, dir, progress),
    isCatalogEmpty: async () => (await countExams(db)) === 0,
  };
}

export type ContentImportService = ReturnType<typeof createContentImportService>;

/**
 * Validates the whole folder first, then writes it in one transaction: all or nothing. Re-importing
 * updates exams and questions in place, so users' history stays.
 */
async function importContent(db: Database, dir: string, progress: Progress = () => undefined) {
  const folder = path.resolve(dir);
  const { problems, catalog } = validateContent(readContentFolder(folder));
  if (problems.length > 0) {
    const lines = problems
      .slice(0, MAX_LISTED_PROBLEMS)
      .map((p) => `  ${p.file} ${p.path}: ${p.message}`);
    if (problems.length > MAX_LISTED_PROBLEMS)
      lines.push(`  ... e mais ${problems.length - MAX_LISTED_PROBLEMS} problema(s)`);
    throw new AppError(
      'content/invalid',
      400,
      `Nada foi importado: ${problems.length} problema(s) em ${folder}:\n${lines.join('\n')}`,
    );
  }

  const questionCount = catalog.exams.reduce((sum, exam) => sum + exam.questions.length, 0);
  progress(
    `Validado: ${catalog.exams.length} prova(s), ${questionCount} questão(ões), ${catalog.images.length} imagem(ns).`,
  );
  const step = Math.max(1, Math.ceil(catalog.exams.length / 20));
  await inTransaction(db, async (tx) => {
    await upsertDisciplines(tx, catalog.disciplines);
    await upsertImages(tx, catalog.images);
    for (const [index, exam] of catalog.exams.entries()) {
      await upsertExam(tx, exam);
      if ((index + 1) % step === 0 || index + 1 === catalog.exams.length) {
        progress(`  ${index + 1}/${catalog.exams.length} provas gravadas`);
      }
    }
  });
  // Fresh statistics, so the planner sees the catalogue as it now is.
  await db.execute(sql`analyze exams, questions, exam_subjects, exam_disciplines, subjects`);
  return {
    exams: catalog.exams.length,
    questions: questionCount,
    lines: [
      `Importação concluída: ${catalog.exams.length} prova(s) e ${questionCount} questão(ões) de ${folder}.`,
    ],
  };
}
