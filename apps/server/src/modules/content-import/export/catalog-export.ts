import type { Database } from '@/db/client';
import { operatorErrors } from '@/lib/app-errors';
import { isFreshFolder, writeImageFiles, writeJsonFile } from './catalog-folder';
import { examAssetIds, type ExamFile, examFile } from './exam-file';
import { disciplineNamesOf, loadImageFiles, loadStoredExam, type StoredExam } from './export.repo';

export interface ExportedExam {
  stored: StoredExam;
  file: ExamFile;
}

export const examFilePath = (examId: string) => `provas/${examId}.json`;

export function writeExamFile(dir: string, file: ExamFile) {
  writeJsonFile(dir, examFilePath(file.id), file);
}

/**
 * Writes these exams as an importable catalogue folder (docs/content-format.md): their exam files,
 * the disciplines they use and their images. The folder must be new or empty; with an unknown id
 * nothing is written and the unknown ids are returned.
 */
export async function exportExams(db: Database, dir: string, examIds: string[]) {
  if (!isFreshFolder(dir)) throw operatorErrors.folderNotEmpty(dir);
  const exported: ExportedExam[] = [];
  const unknown: string[] = [];
  for (const examId of examIds) {
    const stored = await loadStoredExam(db, examId);
    if (stored) exported.push({ stored, file: examFile(stored) });
    else unknown.push(examId);
  }
  if (exported.length === 0 || unknown.length > 0) return { exported: [], unknown };

  const codes = new Set(
    exported.flatMap(({ file }) =>
      [file, ...Object.values(file.opcoes ?? {})].flatMap((part) => Object.keys(part.disciplinas)),
    ),
  );
  const names = await disciplineNamesOf(db, [...codes]);
  writeJsonFile(dir, 'disciplinas.json', Object.fromEntries(names.map((d) => [d.code, d.name])));
  const assetIds = new Set(exported.flatMap(({ stored }) => examAssetIds(stored)));
  writeImageFiles(dir, await loadImageFiles(db, [...assetIds]));
  for (const { file } of exported) writeExamFile(dir, file);
  return { exported, unknown };
}
