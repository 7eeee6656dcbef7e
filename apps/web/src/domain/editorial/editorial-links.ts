/** The question editor of the editorial area on one question. */
export function questionEditorPath(questionId: string): string {
  return `/admin/questoes?${new URLSearchParams({ q: questionId }).toString()}`;
}
