// What a valid catalogue is (the importer's model) and the rules the checks share (validate-content.ts).
import { type ExamKind, type QuestionCommentary, countLabel } from '@gabarita/shared';
import { type Alternative } from '@/db/schema';
import { type ValidStudyNotes } from './study-notes';
import { type ImageFile } from './content-files';

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
export const DISCIPLINE_CODE = /^[a-z][a-z0-9_]*$/;
export const EXAM_ID = /^[a-z0-9_]+_prova$/;
export const LETTERS = 'ABCDE';
export const FORMAT_2_QUESTION_FIELDS = ['situacao', 'nota', 'comentario'];
export const FORMAT_2_EXAM_FIELDS = ['fonte', 'tipo', 'opcoes'];
export const SITUATIONS: Record<string, QuestionStatusValue> = {
  anulada: 'annulled',
  desatualizada: 'outdated',
};

/** Something used in many places but reported once, where it is first used. */
export interface FirstUse {
  file: string;
  path: string;
  uses: number;
  files: Set<string>;
}

export function usesLabel(uses: number, files: number) {
  const times = countLabel(uses, 'uso', 'usos');
  return files > 1 ? `${times} em ${countLabel(files, 'arquivo', 'arquivos')}` : times;
}

export interface ExamContext {
  /** False (and remembered, to be reported once) when the code is not in disciplinas.json. */
  knownDiscipline(code: string, file: string, path: string): boolean;
  useImage(assetId: string, file: string, path: string): void;
}
