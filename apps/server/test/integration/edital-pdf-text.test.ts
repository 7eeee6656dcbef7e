import { describe, expect, it } from 'vitest';
import { makeImageOnlyPdf, makeTextPdf, tenPageEdital } from '../helpers/edital-pdfs';
import { PDF_LIMITS, extractPdfText } from '@/modules/edital/pdf-text';
import { findSyllabusSection } from '@/modules/edital/syllabus-section';
import { countTopics, parseSyllabus } from '@/modules/edital/syllabus-parser';

describe('extractPdfText', () => {
  it('reads the text of a PDF, accents included, page by page', async () => {
    const pdf = await makeTextPdf([
      ['LÍNGUA PORTUGUESA: 1 Compreensão e interpretação de textos. 2 Acentuação gráfica.'],
      ['RACIOCÍNIO LÓGICO: 1 Proposições. 2 Conectivos lógicos.'],
    ]);
    const result = await extractPdfText(pdf);
    expect(result.ok && result.pages).toBe(2);
    const text = result.ok ? result.text : '';
    expect(text).toContain('Compreensão e interpretação de textos');
    const parsed = parseSyllabus(text);
    expect(parsed.ok && parsed.disciplines.map((d) => [d.name, d.topics.length])).toEqual([
      ['LÍNGUA PORTUGUESA', 2],
      ['RACIOCÍNIO LÓGICO', 2],
    ]);
  });

  it('reads a 10-page edital and its syllabus parses into every discipline', async () => {
    const edital = tenPageEdital();
    const pdf = await makeTextPdf(edital.pages);
    const result = await extractPdfText(pdf);
    if (!result.ok) throw new Error(result.problem);
    expect(result.pages).toBe(10);
    const section = findSyllabusSection(result.text);
    expect(section?.heading).toBe('ANEXO II – CONTEÚDO PROGRAMÁTICO');
    const parsed = parseSyllabus(result.text.slice(section!.start, section!.end));
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.disciplines.map((d) => d.name)).toEqual(edital.disciplines);
    expect(parsed.disciplines.map((d) => countTopics(d.topics))).toEqual(
      edital.disciplines.map(() => edital.topicsPerDiscipline),
    );
  });

  it('tells a PDF with no text (scanned pages) apart', async () => {
    expect(await extractPdfText(await makeImageOnlyPdf(2))).toEqual({
      ok: false,
      problem: 'image-only',
    });
  });

  it('refuses a file over the byte limit before reading it', async () => {
    const pdf = await makeTextPdf([['MATEMÁTICA: 1 Razão. 2 Proporção.']]);
    expect(await extractPdfText(pdf, { ...PDF_LIMITS, maxBytes: pdf.byteLength - 1 })).toEqual({
      ok: false,
      problem: 'too-large',
    });
    expect(await extractPdfText(new Uint8Array(PDF_LIMITS.maxBytes + 1))).toEqual({
      ok: false,
      problem: 'too-large',
    });
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const pdf = await makeTextPdf(
      Array.from({ length: 3 }, () => ['MATEMÁTICA: 1 Razão e proporção.']),
    );
    expect(await extractPdfText(pdf, { ...PDF_LIMITS, maxPages: 2 })).toEqual({
      ok: false,
      problem: 'too-many-pages',
    });
  });

  it('answers unreadable for a file that is not a PDF or is cut short', async () => {
    expect(await extractPdfText(Buffer.from('LÍNGUA PORTUGUESA: 1 Crase.'))).toEqual({
      ok: false,
      problem: 'unreadable',
    });
    const pdf = await makeTextPdf([['MATEMÁTICA: 1 Razão.']]);
    const cut = await extractPdfText(pdf.subarray(0, 200));
    expect(cut.ok).toBe(false);
  });

  it('gives up after the time limit', async () => {
    const pdf = await makeTextPdf(tenPageEdital().pages);
    expect(await extractPdfText(pdf, { ...PDF_LIMITS, timeoutMs: 1 })).toEqual({
      ok: false,
      problem: 'timeout',
    });
  });
});
