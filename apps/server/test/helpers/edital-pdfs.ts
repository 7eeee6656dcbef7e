/**
 * PDFs of editais made in the test, with @react-pdf/renderer (the server's own PDF library): text
 * pages the way a banca lays them out, and pages with only drawings (a scanned edital has no text).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement as h } from 'react';
import { Document, Font, Page, Rect, Svg, Text, View, renderToBuffer } from '@react-pdf/renderer';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
Font.register({ family: 'Edital Sans', src: path.join(fontDir, 'DejaVuSans.ttf') });

const page = { fontFamily: 'Edital Sans', fontSize: 10, padding: 48, lineHeight: 1.4 };

/** One PDF page per entry; each page's paragraphs in order. */
export async function makeTextPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  return renderToBuffer(
    h(
      Document,
      null,
      pages.map((paragraphs, i) =>
        h(
          Page,
          { key: i, size: 'A4', style: page },
          paragraphs.map((text, j) => h(Text, { key: j, style: { marginBottom: 6 } }, text)),
        ),
      ),
    ),
  );
}

/** Pages with only shapes: what a scanned edital looks like to a text extractor. */
export async function makeImageOnlyPdf(pageCount: number): Promise<Buffer> {
  return renderToBuffer(
    h(
      Document,
      null,
      Array.from({ length: pageCount }, (_, i) =>
        h(
          Page,
          { key: i, size: 'A4', style: page },
          h(
            View,
            null,
            h(
              Svg,
              { width: 400, height: 600 },
              h(Rect, { x: 10, y: 10, width: 380, height: 580, fill: '#cccccc' }),
            ),
          ),
        ),
      ),
    ),
  );
}

const DISCIPLINES = [
  'LÍNGUA PORTUGUESA',
  'RACIOCÍNIO LÓGICO',
  'NOÇÕES DE INFORMÁTICA',
  'NOÇÕES DE DIREITO CONSTITUCIONAL',
  'NOÇÕES DE DIREITO ADMINISTRATIVO',
  'ÉTICA NO SERVIÇO PÚBLICO',
  'ADMINISTRAÇÃO PÚBLICA',
  'ARQUIVOLOGIA',
  'LEGISLAÇÃO ESPECÍFICA',
  'CONTABILIDADE PÚBLICA',
  'DIREITO TRIBUTÁRIO',
  'ADMINISTRAÇÃO FINANCEIRA E ORÇAMENTÁRIA',
  'AUDITORIA GOVERNAMENTAL',
  'GESTÃO DE PESSOAS',
];

/** A Cebraspe-style discipline: `NAME: 1 … 1.1 … 1.2 … 2 …`, `topics` topics of `subs` sub-topics. */
export function cebraspeDiscipline(name: string, topics: number, subs: number): string {
  const items: string[] = [];
  for (let t = 1; t <= topics; t++) {
    items.push(
      `${t} Tópico ${t} de ${name.toLowerCase()}: conceitos, princípios e aplicação da Lei nº 8.112/1990.`,
    );
    for (let s = 1; s <= subs; s++)
      items.push(`${t}.${s} Desdobramento ${s} do tópico ${t}, arts. 37 a 41.`);
  }
  return `${name}: ${items.join(' ')}`;
}

/**
 * A 10-page edital: three pages of rules, then the conteúdo programático of 14 disciplines of 6
 * topics with 3 sub-topics each (24 topics per discipline), one page per two disciplines.
 */
export function tenPageEdital(): {
  pages: string[][];
  disciplines: string[];
  topicsPerDiscipline: number;
} {
  const rules = Array.from({ length: 3 }, (_, p) =>
    Array.from(
      { length: 12 },
      (_, i) =>
        `${p + 1}.${i + 1} O candidato deverá observar as regras deste edital, as datas do cronograma e os documentos exigidos para a posse no cargo, sob pena de eliminação do certame.`,
    ),
  );
  const syllabus: string[][] = [];
  for (let i = 0; i < DISCIPLINES.length; i += 2) {
    const page = DISCIPLINES.slice(i, i + 2).map((name) => cebraspeDiscipline(name, 6, 3));
    if (i === 0) page.unshift('ANEXO II – CONTEÚDO PROGRAMÁTICO');
    syllabus.push(page);
  }
  return { pages: [...rules, ...syllabus], disciplines: DISCIPLINES, topicsPerDiscipline: 24 };
}
