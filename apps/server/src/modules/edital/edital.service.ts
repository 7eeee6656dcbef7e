import {
  EDITAL_LIMITS,
  type EditalCreate,
  type EditalDetail,
  type EditalPdfText,
  type EditalSummary,
  type SyllabusPreview,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { editalErrors } from '@/lib/app-errors';
import { catalogNames } from '@/modules/catalog';
import type { RateLimiter } from '@/modules/rate-limit';
import {
  countEditais,
  deleteEdital,
  findEdital,
  insertEdital,
  listEditais,
  updateEdital,
} from './edital.repo';
import { extractPdfText, PDF_LIMITS, type PdfLimits } from './pdf-text';
import { cleanSyllabusText } from './syllabus-text';
import { parseSyllabus } from './syllabus-parser';
import { findSyllabusSection } from './syllabus-section';

/**
 * Reading a PDF or a long text takes the processor for a moment; these bound what one account can
 * ask for (docs/product-rules.md, "Rate limits").
 */
export const EDITAL_PDF_LIMIT = { name: 'edital-pdf:user', max: 30, windowSeconds: 60 * 60 };
export const EDITAL_PARSE_LIMIT = { name: 'edital-parse:user', max: 200, windowSeconds: 60 * 60 };

type Row = Omit<EditalDetail, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

function summary(row: Omit<Row, 'disciplines'>): EditalSummary {
  return {
    id: row.id,
    name: row.name,
    examDate: row.examDate,
    disciplineCount: row.disciplineCount,
    topicCount: row.topicCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function detail(row: Row): EditalDetail {
  return { ...summary(row), disciplines: row.disciplines };
}

/**
 * A student's editais (docs/product-rules.md, "Plano de estudos"): the syllabus is parsed on the
 * server from the text given, shown as a preview, and saved parsed again from that same text, so
 * what is kept never comes from the browser's word. Each edital is its owner's alone.
 */
export function createEditalService(
  db: Database,
  options: { limits: RateLimiter; pdfLimits?: PdfLimits },
) {
  const { limits } = options;
  const pdfLimits = options.pdfLimits ?? PDF_LIMITS;

  async function parse(userId: string, text: string): Promise<SyllabusPreview> {
    await limits.enforce([{ rule: EDITAL_PARSE_LIMIT, subject: userId }]);
    const names = await catalogNames(db);
    const result = parseSyllabus(text, {
      disciplineNames: names.disciplines,
      knownNames: names.subjects,
    });
    if (result.ok) return { disciplines: result.disciplines, topicCount: result.topicCount };
    if (result.problem === 'too-long') throw editalErrors.textTooLong();
    if (result.problem === 'empty') throw editalErrors.textEmpty();
    throw editalErrors.noItems();
  }

  return {
    preview: parse,

    /** The PDF's text, cleaned, and where its conteúdo programático seems to be. */
    async pdfText(userId: string, bytes: Uint8Array): Promise<EditalPdfText> {
      await limits.enforce([{ rule: EDITAL_PDF_LIMIT, subject: userId }]);
      const result = await extractPdfText(bytes, pdfLimits);
      if (!result.ok) {
        switch (result.problem) {
          case 'too-large':
            throw editalErrors.pdfTooLarge();
          case 'too-many-pages':
            throw editalErrors.pdfTooManyPages();
          case 'image-only':
            throw editalErrors.pdfImageOnly();
          case 'timeout':
            throw editalErrors.pdfTimeout();
          default:
            throw editalErrors.pdfUnreadable();
        }
      }
      // The same cleaning the parser does, so the offsets hold in the text the student edits.
      const text = cleanSyllabusText(result.text);
      const section = findSyllabusSection(text);
      return {
        text,
        pages: result.pages,
        section: section && { heading: section.heading, start: section.start, end: section.end },
      };
    },

    async create(userId: string, input: EditalCreate): Promise<EditalDetail> {
      const parsed = await parse(userId, input.text);
      const row = await inTransaction(db, async (tx) => {
        if ((await countEditais(tx, userId)) >= EDITAL_LIMITS.perStudent)
          throw editalErrors.tooMany();
        return insertEdital(tx, {
          userId,
          name: input.name.trim(),
          examDate: input.examDate ?? null,
          syllabus: parsed.disciplines,
          topicCount: parsed.topicCount,
          sourceText: input.text,
        });
      });
      return detail(row);
    },

    async list(userId: string) {
      return { editais: (await listEditais(db, userId)).map(summary) };
    },

    async get(userId: string, id: string): Promise<EditalDetail> {
      const row = await findEdital(db, userId, id);
      if (!row) throw editalErrors.notFound();
      return detail(row);
    },

    async update(
      userId: string,
      id: string,
      patch: { name?: string; examDate?: string | null },
    ): Promise<EditalDetail> {
      const row = await updateEdital(db, userId, id, {
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.examDate !== undefined ? { examDate: patch.examDate } : {}),
      });
      if (!row) throw editalErrors.notFound();
      return detail(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteEdital(db, userId, id))) throw editalErrors.notFound();
    },
  };
}

export type EditalService = ReturnType<typeof createEditalService>;
