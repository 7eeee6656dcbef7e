/**
 * The text of an uploaded edital's PDF, with unpdf (PDF.js built for servers; it fetches nothing).
 * Limits on bytes, pages and time keep one upload from holding the server; a PDF with no text (a
 * scanned edital) is told apart so the student is asked to paste the text. Rules in
 * docs/product-rules.md, "Plano de estudos".
 */
import { EDITAL_LIMITS } from '@gabarita/shared';
import { getDocumentProxy } from 'unpdf';

export type PdfTextProblem =
  'too-large' | 'too-many-pages' | 'image-only' | 'unreadable' | 'timeout';

export type PdfText =
  { ok: true; text: string; pages: number } | { ok: false; problem: PdfTextProblem };

export interface PdfLimits {
  maxBytes: number;
  maxPages: number;
  timeoutMs: number;
}

export const PDF_LIMITS: PdfLimits = {
  maxBytes: EDITAL_LIMITS.pdfMaxBytes,
  maxPages: EDITAL_LIMITS.pdfMaxPages,
  timeoutMs: 10_000,
};

/** Fewer letters than this in the whole file: the pages are pictures of text. */
const MIN_LETTERS = 20;

class Timeout extends Error {}

export async function extractPdfText(
  bytes: Uint8Array,
  limits: PdfLimits = PDF_LIMITS,
): Promise<PdfText> {
  if (bytes.byteLength > limits.maxBytes) return { ok: false, problem: 'too-large' };
  if (!isPdf(bytes)) return { ok: false, problem: 'unreadable' };
  const deadline = Date.now() + limits.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), limits.timeoutMs);
  });
  let document: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // PDF.js takes the buffer over, so it gets a copy; eval is off (fonts are not compiled to code).
    const loading = getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    document = await Promise.race([loading, timeout]);
    if (document.numPages > limits.maxPages) return { ok: false, problem: 'too-many-pages' };
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      if (Date.now() > deadline) throw new Timeout();
      const page = await Promise.race([document.getPage(number), timeout]);
      const content = await Promise.race([page.getTextContent(), timeout]);
      const runs: PdfTextItem[] = [];
      for (const item of content.items) if ('str' in item) runs.push(item);
      pages.push(joinTextItems(runs));
      page.cleanup();
      // PDF.js works on this thread: other requests get their turn between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = dropPageFurniture(pages).join('\n');
    if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS)
      return { ok: false, problem: 'image-only' };
    return { ok: true, text, pages: document.numPages };
  } catch (error) {
    if (error instanceof Timeout) return { ok: false, problem: 'timeout' };
    return { ok: false, problem: 'unreadable' };
  } finally {
    clearTimeout(timer);
    void document?.destroy().catch(() => undefined);
  }
}

function isPdf(bytes: Uint8Array): boolean {
  // The header may follow a little junk; PDF readers look in the first kilobyte.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** What PDF.js gives of one run of text: its string, transform (x is [4], y is [5]) and width. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/**
 * A page's runs of text as lines. PDF.js marks most line ends (hasEOL), but runs of one line may
 * come without the space between them (`PORTUGUESA:` `1 Compreensão`), and a run lower on the page
 * may start a line without a mark: the gap between runs and a change of baseline tell them.
 */
export function joinTextItems(items: readonly PdfTextItem[]): string {
  let text = '';
  let previous: PdfTextItem | undefined;
  for (const item of items) {
    if (previous && !previous.hasEOL && item.str.length > 0 && !/\s$/.test(text)) {
      const size = Math.max(previous.height, item.height, 1);
      const [x = 0, y = 0] = [item.transform[4], item.transform[5]];
      const [px = 0, py = 0] = [previous.transform[4], previous.transform[5]];
      if (Math.abs(y - py) > size * 0.5) text += '\n';
      else if (x - (px + previous.width) > size * 0.15 && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str + (item.hasEOL ? '\n' : '');
    if (item.str.length > 0 || item.hasEOL) previous = item;
  }
  return text;
}

/** Lines looked at, at each end of a page, for headers and footers. */
const EDGE_LINES = 3;

const furnitureKey = (line: string) => line.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ');

/**
 * Headers and footers repeated on the pages of an edital (`CEBRASPE – TRF 1 – Edital 1 – Página 12
 * de 40`) and page numbers would land inside whatever topic crosses the page: a line at the top or
 * bottom of a page whose text, digits aside, is at the edge of at least three pages and half of
 * them is dropped, and so is `Página 12`. A lone number is a page number only when such numbers
 * follow the pages (page i shows i + k for most pages): an item's number alone on its line
 * (`5` / `Domínio da estrutura…`) may stand at a page's edge too.
 */
export function dropPageFurniture(pages: readonly string[]): string[] {
  const split = pages.map((page) => page.split('\n'));
  const edges = (lines: string[]) => {
    const filled = lines.map((line, i) => [line, i] as const).filter(([line]) => line.trim());
    return [
      ...new Set([...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)].map(([, i]) => i)),
    ];
  };
  const seen = new Map<string, number>();
  const offsets = new Map<number, number>();
  split.forEach((lines, page) => {
    for (const key of new Set(edges(lines).map((i) => furnitureKey(lines[i]!)))) {
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const i of edges(lines)) {
      const lone = /^\d{1,4}$/.exec(lines[i]!.trim());
      if (lone) offsets.set(Number(lone[0]) - page, (offsets.get(Number(lone[0]) - page) ?? 0) + 1);
    }
  });
  const enough = Math.max(3, Math.ceil(pages.length / 2));
  const [pageOffset, agreeing] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  // A numbered item is never furniture, even one repeated (`1 Conceitos.` in several disciplines).
  const repeated = (key: string) =>
    !/^#(?:\.#)*[.)]?\s/.test(key) && (seen.get(key) ?? 0) >= enough;
  return split.map((lines, page) => {
    const drop = new Set(
      edges(lines).filter((i) => {
        const line = lines[i]!.trim();
        if (/^\d{1,4}$/.test(line)) return agreeing >= enough && Number(line) - page === pageOffset;
        const key = furnitureKey(line);
        return /^p[áa]gina\s*#(?:\s*(?:de|\/)\s*#)?$/iu.test(key) || repeated(key);
      }),
    );
    return lines.filter((_, i) => !drop.has(i)).join('\n');
  });
}
