import { PATHS } from '@gabarita/shared';

/** The question editor of the editorial area on one question. */
export function questionEditorPath(questionId: string): string {
  return `${PATHS.questionEditor.path}?${new URLSearchParams({ q: questionId }).toString()}`;
}

/** The definitive answer key of one exam. */
export function answerKeyPath(examId: string): string {
  return `${PATHS.answerKey.path}?prova=${encodeURIComponent(examId)}`;
}
