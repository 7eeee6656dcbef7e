import { PATHS, STUDY_PARAMS, type QuestionCommentary } from '@gabarita/shared';

/** A notebook question with all an export writes about it. */
export interface ExportQuestion {
  id: string;
  examId: string;
  number: number;
  /** The exam as lists name it ("Cargo — Órgão, ano, banca"). */
  examLabel: string;
  disciplineName: string;
  subject: string;
  /** Sanitized HTML, figures as `<figura imagem="…">` markers. */
  statementHtml: string;
  referenceTextsHtml: string[];
  alternatives: { letter: string; text: string; html: string | null; assetId: string | null }[];
  /** The format-1 image shown after the statement. */
  imageAssetId: string | null;
  /** Where each image of the question is served, by its asset id. */
  imageUrls: Map<string, string>;
  /** The official key; null for an annulled question. */
  key: string | null;
  /** The student's first answer (the history keeps it), if any. */
  firstAnswer: { letter: string; answeredAt: string } | null;
  /** When the question last went into the notebook by a wrong answer. */
  lastWrongAt: string;
  commentary: QuestionCommentary | null;
}

/** The address of the question's page, for links out of an export. */
export function questionLink(appUrl: string, question: Pick<ExportQuestion, 'examId' | 'id'>) {
  const params = new URLSearchParams({
    [STUDY_PARAMS.exam]: question.examId,
    [STUDY_PARAMS.question]: question.id,
  });
  return `${appUrl}${PATHS.questions.path}?${params.toString()}`;
}
