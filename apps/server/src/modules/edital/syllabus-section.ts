/**
 * Finds the conteúdo programático inside a whole edital by its heading, so the parser gets only the
 * syllabus. It answers offsets into the text given, which the student can move before parsing.
 * Pure, no I/O. The rules are in docs/product-rules.md, "Plano de estudos".
 */

export interface SyllabusSection {
  /** Where the section's heading line starts, where its content starts and where it ends. */
  headingStart: number;
  start: number;
  end: number;
  heading: string;
}

// Headings by preference; letters a PDF may have dropped are optional (`CONTEDO PROGRAMTICO`).
const HEADINGS: RegExp[] = [
  /^(?:ANEXO\s+[IVXL]+\s*[-–—:.]?\s*)?(?:DOS?\s+)?CONTE[UÚ]?DOS?\s+PROGRAM[AÁ]?TICOS?\b/iu,
  /^(?:\d+(?:\.\d+)*\.?\s+)?DOS\s+CONHECIMENTOS\b/u,
  /^(?:ANEXO\s+[IVXL]+\s*[-–—:.]?\s*)?(?:OBJETOS?\s+DE\s+AVALIA[CÇ]?[AÃ]?O|PROGRAMAS?\s+DAS?\s+PROVAS?)\b/iu,
  /^CONHECIMENTOS\s+(?:B[AÁ]?SICOS|ESPEC[IÍ]?FICOS|GERAIS)\b/u,
];

/** What ends the section: the next annex, or the next numbered chapter of the edital. */
const SECTION_END = /^(?:ANEXO\s+[IVXL]+\b|\d{1,2}(?:\.\d+)?\.?\s+D[AO]S?\s+\p{Lu}{3,})/u;

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    const leading = raw.length - raw.trimStart().length;
    lines.push({ text: raw.trim(), start: start + leading });
    start += raw.length + 1;
  }
  return lines;
}

/**
 * A heading stands at a line's start, and a mention in a sentence ("conforme o conteúdo
 * programático do Anexo II") does not count: the line is short, or in capitals.
 */
function isHeadingLine(line: string): boolean {
  return line.length <= 120 && (line === line.toUpperCase() || line.length <= 40);
}

/**
 * The section of the first kind of heading found; among several of that kind (a table of contents
 * names the annex too), the longest. Null when no heading is found: the whole text is the syllabus.
 */
export function findSyllabusSection(text: string): SyllabusSection | null {
  const lines = linesOf(text);
  for (const heading of HEADINGS) {
    let best: SyllabusSection | null = null;
    lines.forEach((line, i) => {
      if (!heading.test(line.text) || !isHeadingLine(line.text)) return;
      const contentLine = lines[i + 1];
      const start = contentLine ? contentLine.start : text.length;
      let end = text.length;
      for (let j = i + 1; j < lines.length; j++) {
        const next = lines[j]!;
        if (SECTION_END.test(next.text) && !heading.test(next.text)) {
          end = next.start;
          break;
        }
      }
      const section = {
        headingStart: line.start,
        start: Math.min(start, end),
        end,
        heading: line.text,
      };
      if (!best || section.end - section.start > best.end - best.start) best = section;
    });
    if (best) return best;
  }
  return null;
}
