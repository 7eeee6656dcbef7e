// One question as the question page and the tutor read it, with its images' addresses (catalog.service.ts).
import {
  type ExamOption,
  type Figure,
  questionDetailSchema,
  type QuestionDetail,
  type QuestionCommentary,
} from '@gabarita/shared';
import { type Database } from '@/db/client';
import { htmlToText } from '@/lib/plain-text';
import { findFigures, findImage, findQuestion, findReferenceTexts } from './catalog.repo';
import { examBoardLabel } from './exam-label';
import { catalogErrors } from '@/lib/app-errors';

/** The asset ids named by figure markers in sanitized HTML (the importer writes them this way). */
export function figureAssetIds(html: string): string[] {
  return [...html.matchAll(/<figura\b[^>]*?\simagem="([^"]+)"/g)].map((match) => match[1]!);
}

export function imageUrl(assetId: string, version: string) {
  return `/api/images/${encodeURIComponent(assetId)}?v=${version}`;
}

/** A question's option block with its name (its key when the exam lacks it); null: common. */
function questionOption(
  options: readonly ExamOption[],
  optionKey: string | null,
): ExamOption | null {
  if (optionKey === null) return null;
  const name = options.find((option) => option.key === optionKey)?.name ?? optionKey;
  return { key: optionKey, name };
}

/** The figures of these images, with their addresses, as the question's readers draw them. */
export async function figuresOf(db: Database, assetIds: string[]): Promise<Figure[]> {
  return (await findFigures(db, assetIds)).map((image) => ({
    assetId: image.assetId,
    url: imageUrl(image.assetId, image.version),
    zoomUrl: image.hasZoom
      ? `/api/images/${encodeURIComponent(image.assetId)}/original?v=${image.version}`
      : null,
    width: image.width,
    height: image.height,
    minWidth: image.minWidth,
  }));
}

export async function publicQuestion(db: Database, questionId: string): Promise<QuestionDetail> {
  const found = await findQuestion(db, questionId);
  if (!found) throw catalogErrors.questionNotFound();
  const { question, exam } = found;
  const referenceTexts = await findReferenceTexts(db, exam.id, question.referenceKeys);
  const order = new Map(question.referenceKeys.map((key, index) => [key, index]));
  const assetIds = new Set([
    ...figureAssetIds(question.statementHtml),
    ...referenceTexts.flatMap((text) => figureAssetIds(text.html)),
    ...question.alternatives.flatMap((alternative) => [
      ...(alternative.html ? figureAssetIds(alternative.html) : []),
      ...(alternative.figure ? [alternative.figure.assetId] : []),
    ]),
    ...(question.imageAssetId ? [question.imageAssetId] : []),
  ]);
  const figures = await figuresOf(db, [...assetIds]);
  return {
    id: question.id,
    number: question.number,
    exam: {
      id: exam.id,
      kind: exam.kind,
      cargo: exam.cargo,
      orgao: exam.orgao,
      instituicao: exam.instituicao,
      ano: exam.ano,
      nivel: exam.nivel,
      demonstration: exam.demonstration,
    },
    disciplina: question.disciplineCode,
    disciplinaNome: found.disciplineName,
    assunto: found.subject,
    option: questionOption(exam.options, question.optionKey),
    status: question.status,
    statusNote: question.statusNote,
    retired: question.retiredAt !== null,
    statementHtml: question.statementHtml,
    alternatives: question.alternatives.map((alternative) => ({
      letter: alternative.letter,
      text: alternative.text,
      html: alternative.html ?? null,
      figure: alternative.figure ?? null,
    })),
    referenceTexts: referenceTexts.sort((a, b) => order.get(a.key)! - order.get(b.key)!),
    image:
      question.imageAssetId && question.imageDescription && found.imageVersion
        ? {
            assetId: question.imageAssetId,
            url: imageUrl(question.imageAssetId, found.imageVersion),
            description: question.imageDescription,
          }
        : null,
    figures,
    recordedAnswer: null,
  };
}

/**
 * A question's answer as JSON, checked against its schema once per catalogue version; a user's
 * recorded answer is appended to `head` (the same object without it, unclosed).
 */
export interface SerializedQuestion {
  id: string;
  publicBody: string;
  head: string;
}

export function serializeQuestion(question: QuestionDetail): SerializedQuestion {
  const { recordedAnswer: _appendedPerUser, ...rest } = questionDetailSchema.parse(question);
  const head = JSON.stringify(rest).slice(0, -1);
  return { id: rest.id, head, publicBody: `${head},"recordedAnswer":null}` };
}

/**
 * Everything the tutor may use about a question, the key included: for the server's own use only,
 * never sent to a browser as is.
 */
export interface TutorMaterial {
  id: string;
  number: number;
  examLabel: string;
  disciplineCode: string;
  disciplineName: string;
  subject: string;
  statementHtml: string;
  /** The statement as text, each figure as "[Figura: description]". */
  statementText: string;
  alternatives: { letter: string; text: string }[];
  answerLetter: string;
  referenceHtml: string[];
  /** 'outdated' questions carry a note of what changed since; 'annulled' ones are never checked. */
  status: 'regular' | 'annulled' | 'outdated';
  statusNote: string | null;
  image: { description: string; contentType: string; content: Buffer } | null;
  /** The authored comment, the tutor's ground when there is one. */
  commentary: QuestionCommentary | null;
}

export async function tutorMaterial(
  db: Database,
  questionId: string,
): Promise<TutorMaterial | null> {
  const found = await findQuestion(db, questionId);
  if (!found) return null;
  const { question, exam } = found;
  const [references, image] = await Promise.all([
    findReferenceTexts(db, exam.id, question.referenceKeys),
    question.imageAssetId ? findImage(db, question.imageAssetId) : undefined,
  ]);
  const order = new Map(question.referenceKeys.map((key, index) => [key, index]));
  return {
    id: question.id,
    number: question.number,
    examLabel: examBoardLabel(exam),
    disciplineCode: question.disciplineCode,
    disciplineName: found.disciplineName,
    subject: found.subject,
    statementHtml: question.statementHtml,
    statementText: htmlToText(question.statementHtml),
    alternatives: question.alternatives.map(({ letter, text }) => ({ letter, text })),
    answerLetter: question.answerLetter,
    status: question.status,
    statusNote: question.statusNote,
    commentary: question.commentary,
    referenceHtml: references
      .sort((a, b) => order.get(a.key)! - order.get(b.key)!)
      .map((reference) => reference.html),
    image:
      image && question.imageDescription
        ? {
            description: question.imageDescription,
            contentType: image.contentType,
            content: Buffer.from(image.content),
          }
        : null,
  };
}
