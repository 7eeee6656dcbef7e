import {
  questionDetailSchema,
  type CadernoRequest,
  type Flashcard,
  type QuestionCommentary,
} from '@gabarita/shared';
import { notebookExportErrors } from '@/lib/app-errors';
import { saoPauloDay } from '@/lib/clock';
import type { CatalogService } from '@/modules/catalog';
import type { ReviewService } from '@/modules/study';
import { ankiFile, cardNote, questionNote } from './anki-file';
import { renderCaderno } from './caderno-pdf';
import type { ExportQuestion } from './export-question';
import { notebookCsv } from './notebook-csv';
import { pdfImage, questionImageIds } from './pdf-images';

/** A file to download: its name, type and bytes. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

interface Dependencies {
  review: Pick<ReviewService, 'notebook'>;
  catalog: Pick<
    CatalogService,
    'getQuestionJson' | 'questionKey' | 'questionCommentary' | 'getImage'
  >;
  /** The student's own flashcards. */
  flashcards: (userId: string) => Promise<Flashcard[]>;
  appUrl: string;
}

/** How many questions are read from the catalogue at once. */
const READ_BATCH = 16;

async function inBatches<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += READ_BATCH) {
    results.push(...(await Promise.all(items.slice(start, start + READ_BATCH).map(read))));
  }
  return results;
}

/**
 * The mistakes notebook as files other tools take (docs/product-rules.md, "Notebook export"): a
 * spreadsheet, an Anki deck and a printable caderno.
 */
export function createNotebookExportService({ review, catalog, flashcards, appUrl }: Dependencies) {
  async function exportQuestion(
    userId: string,
    item: Awaited<ReturnType<Dependencies['review']['notebook']>>['items'][number],
  ): Promise<ExportQuestion> {
    const [json, key, commentary] = await Promise.all([
      catalog.getQuestionJson(item.id, userId),
      catalog.questionKey(item.id),
      catalog.questionCommentary(item.id),
    ]);
    const detail = questionDetailSchema.parse(JSON.parse(json));
    const imageUrls = new Map(detail.figures.map((figure) => [figure.assetId, figure.url]));
    if (detail.image) imageUrls.set(detail.image.assetId, detail.image.url);
    return {
      id: item.id,
      examId: item.examId,
      number: item.number,
      examLabel: item.examLabel,
      disciplineName: item.disciplinaNome,
      subject: item.assunto,
      statementHtml: detail.statementHtml,
      referenceTextsHtml: detail.referenceTexts.map((text) => text.html),
      alternatives: detail.alternatives.map((alternative) => ({
        letter: alternative.letter,
        text: alternative.text,
        html: alternative.html,
        assetId: alternative.figure?.assetId ?? null,
      })),
      imageAssetId: detail.image?.assetId ?? null,
      imageUrls,
      key: key && key.status !== 'annulled' ? key.answerLetter : null,
      firstAnswer: detail.recordedAnswer
        ? { letter: detail.recordedAnswer.letter, answeredAt: detail.recordedAnswer.answeredAt }
        : null,
      lastWrongAt: item.lastWrongAt,
      commentary: (commentary ?? null) as QuestionCommentary | null,
    };
  }

  /** The notebook's questions, in its order, or only those of `ids` (in the order given). */
  async function notebookQuestions(
    userId: string,
    ids?: string[],
    { emptyIsError = true } = {},
  ): Promise<ExportQuestion[]> {
    const { items } = await review.notebook(userId, {});
    if (items.length === 0 && emptyIsError) throw notebookExportErrors.emptyNotebook();
    let chosen = items;
    if (ids) {
      const byId = new Map(items.map((item) => [item.id, item]));
      chosen = [...new Set(ids)].map((id) => {
        const item = byId.get(id);
        if (!item) throw notebookExportErrors.notInNotebook();
        return item;
      });
    }
    return inBatches(chosen, (item) => exportQuestion(userId, item));
  }

  async function embeddedImages(questions: ExportQuestion[]): Promise<Map<string, string>> {
    const ids = [...new Set(questions.flatMap(questionImageIds))];
    const images = new Map<string, string>();
    await inBatches(ids, async (assetId) => {
      const image = await catalog.getImage(assetId);
      const embedded = image && (await pdfImage(image.contentType, image.content));
      if (embedded) images.set(assetId, embedded);
    });
    return images;
  }

  const today = () => saoPauloDay();

  return {
    async csv(userId: string): Promise<ExportFile> {
      return {
        fileName: `gabarita-caderno-de-erros-${today()}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: notebookCsv(await notebookQuestions(userId), appUrl),
      };
    },

    async anki(userId: string): Promise<ExportFile> {
      // The notebook's questions, then the student's own cards: either alone is worth a file.
      const [questions, cards] = await Promise.all([
        notebookQuestions(userId, undefined, { emptyIsError: false }),
        flashcards(userId),
      ]);
      if (questions.length === 0 && cards.length === 0) throw notebookExportErrors.emptyNotebook();
      const notes = [
        ...questions.map((question) => questionNote(question, appUrl)),
        ...cards.map(cardNote),
      ];
      return {
        fileName: `gabarita-anki-${today()}.txt`,
        contentType: 'text/plain; charset=utf-8',
        body: ankiFile(notes),
      };
    },

    async caderno(userId: string, request: CadernoRequest): Promise<ExportFile> {
      const questions = await notebookQuestions(userId, request.questionIds);
      const [year, month, day] = today().split('-');
      const body = await renderCaderno(questions, {
        title: 'Caderno de questões',
        generatedOn: `${day}/${month}/${year}`,
        withKey: request.withKey,
        withComments: request.withKey && request.withComments,
        images: await embeddedImages(questions),
      });
      return {
        fileName: `gabarita-caderno-${today()}.pdf`,
        contentType: 'application/pdf',
        body,
      };
    },
  };
}

export type NotebookExportService = ReturnType<typeof createNotebookExportService>;
