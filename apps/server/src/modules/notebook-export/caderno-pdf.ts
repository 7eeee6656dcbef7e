import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import type { DocumentProps } from '@react-pdf/renderer';
import {
  Document,
  Font,
  Image,
  Page,
  StyleSheet,
  Text,
  View,
  renderToBuffer,
} from '@react-pdf/renderer';
import Html from 'react-pdf-html';
import { countLabel, COMMENTARY_SOURCE_LABELS } from '@gabarita/shared';
import type { ExportQuestion } from './export-question';
import { replaceFigures } from './question-html';

// DejaVu Sans has every letter of Portuguese and the symbols questions use (≤, →, α, ∑), which
// the PDF's built-in Helvetica does not.
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
Font.register({
  family: 'DejaVu Sans',
  fonts: [
    { src: path.join(fontDir, 'DejaVuSans.ttf') },
    { src: path.join(fontDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
    { src: path.join(fontDir, 'DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
    {
      src: path.join(fontDir, 'DejaVuSans-BoldOblique.ttf'),
      fontWeight: 'bold',
      fontStyle: 'italic',
    },
  ],
});
// Words are not cut with hyphens the PDF's engine would guess in English.
Font.registerHyphenationCallback((word) => [word]);

const BRAND = '#0f766e';
const styles = StyleSheet.create({
  // Line height goes on the blocks, not the page: inherited by the page number, it makes the
  // renderer drop that text.
  page: { fontFamily: 'DejaVu Sans', fontSize: 10, padding: '36 44 52 44' },
  title: { fontSize: 18, fontWeight: 'bold', color: BRAND },
  subtitle: { marginTop: 4, marginBottom: 16, color: '#475569' },
  question: { marginBottom: 18, lineHeight: 1.45 },
  questionHead: { fontSize: 11, fontWeight: 'bold', color: BRAND },
  questionMeta: { marginBottom: 6, color: '#475569', fontSize: 9 },
  alternative: { flexDirection: 'row', marginTop: 3 },
  letter: { width: 18, fontWeight: 'bold' },
  alternativeBody: { flex: 1 },
  figure: { maxWidth: 420, maxHeight: 360, objectFit: 'contain', marginVertical: 4 },
  sectionTitle: { fontSize: 14, fontWeight: 'bold', color: BRAND, marginBottom: 10 },
  keyRow: { flexDirection: 'row', marginBottom: 2 },
  keyNumber: { width: 70 },
  comment: { marginBottom: 12, lineHeight: 1.45 },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 44,
    right: 44,
    fontSize: 8,
    color: '#64748b',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

// What the statements' HTML may hold, drawn with the page's font.
const htmlStyles = {
  p: { margin: 0, marginBottom: 4 },
  img: { maxWidth: 420, maxHeight: 360, objectFit: 'contain' as const },
  table: { borderWidth: 0.5, borderColor: '#94a3b8', marginVertical: 4 },
  td: { borderWidth: 0.5, borderColor: '#94a3b8', padding: 2 },
  th: { borderWidth: 0.5, borderColor: '#94a3b8', padding: 2, fontWeight: 'bold' as const },
  sub: { fontSize: 7 },
  sup: { fontSize: 7 },
};

export interface CadernoOptions {
  title: string;
  generatedOn: string;
  withKey: boolean;
  withComments: boolean;
  /** Each image as a data: URL the PDF embeds, by its asset id. */
  images: ReadonlyMap<string, string>;
}

/** HTML drawn with the page's font. */
function htmlBlock(source: string) {
  return h(Html, { stylesheet: htmlStyles, style: { fontSize: 10 }, children: source });
}

function html(fragment: string, question: ExportQuestion, images: CadernoOptions['images']) {
  return htmlBlock(
    replaceFigures(fragment, question.imageUrls, (_, assetId) => images.get(assetId)),
  );
}

function questionBlock(question: ExportQuestion, order: number, images: CadernoOptions['images']) {
  const legacyImage = question.imageAssetId ? images.get(question.imageAssetId) : undefined;
  return h(
    View,
    { key: question.id, style: styles.question, wrap: true },
    h(Text, { style: styles.questionHead, minPresenceAhead: 60 }, `${order}.`),
    h(
      Text,
      { style: styles.questionMeta },
      `${question.examLabel} · Questão ${question.number} · ${question.disciplineName} › ${question.subject}`,
    ),
    ...question.referenceTextsHtml.map((text) => html(text, question, images)),
    html(question.statementHtml, question, images),
    legacyImage ? h(Image, { src: legacyImage, style: styles.figure }) : null,
    ...question.alternatives.map((alternative) => {
      const figure = alternative.assetId ? images.get(alternative.assetId) : undefined;
      const body: ReactNode = figure
        ? h(Image, { src: figure, style: styles.figure })
        : alternative.html
          ? html(alternative.html, question, images)
          : h(Text, null, alternative.text);
      return h(
        View,
        { key: alternative.letter, style: styles.alternative, wrap: false },
        h(Text, { style: styles.letter }, `${alternative.letter})`),
        h(View, { style: styles.alternativeBody }, body),
      );
    }),
  );
}

function commentBlock(question: ExportQuestion, order: number) {
  const commentary = question.commentary;
  return h(
    View,
    { key: question.id, style: styles.comment },
    h(
      Text,
      { style: { fontWeight: 'bold' } },
      `${order}. ${question.key ? `Gabarito: ${question.key}` : 'Questão anulada'}`,
    ),
    commentary
      ? htmlBlock(commentary.summaryHtml)
      : h(
          Text,
          { style: { color: '#64748b' } },
          'Esta questão ainda não tem comentário da equipe.',
        ),
    ...(commentary?.reasons ?? []).map((reason) =>
      h(
        View,
        { key: reason.letter, style: styles.alternative },
        h(Text, { style: styles.letter }, `${reason.letter})`),
        h(View, { style: styles.alternativeBody }, htmlBlock(reason.html)),
      ),
    ),
    commentary && commentary.sources.length > 0
      ? h(
          Text,
          { style: { marginTop: 3, fontSize: 9, color: '#475569' } },
          `Fundamento: ${commentary.sources
            .map((source) => `${COMMENTARY_SOURCE_LABELS[source.kind]}: ${source.reference}`)
            .join('; ')}`,
        )
      : null,
  );
}

/** On every page: the caderno's name on the left, the page's number on the right. */
function footer(title: string) {
  return h(
    View,
    { style: styles.footer, fixed: true },
    h(Text, null, `Gabarita · ${title}`),
    h(Text, {
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        `Página ${pageNumber} de ${totalPages}`,
    }),
  );
}

/** The printable caderno: the questions, then (if asked) the key, with the comments. */
export function cadernoDocument(
  questions: ExportQuestion[],
  options: CadernoOptions,
): ReactElement<DocumentProps> {
  const count = countLabel(questions.length, 'questão', 'questões');
  const pageProps = { size: 'A4' as const, style: styles.page };
  return h(
    Document,
    {
      title: options.title,
      author: 'Gabarita',
      language: 'pt-BR',
    },
    h(
      Page,
      pageProps,
      h(Text, { style: styles.title }, options.title),
      h(Text, { style: styles.subtitle }, `${count} · gerado em ${options.generatedOn}`),
      ...questions.map((question, index) => questionBlock(question, index + 1, options.images)),
      footer(options.title),
    ),
    options.withKey
      ? h(
          Page,
          pageProps,
          h(Text, { style: styles.sectionTitle }, 'Gabarito'),
          options.withComments
            ? questions.map((question, index) => commentBlock(question, index + 1))
            : questions.map((question, index) =>
                h(
                  View,
                  { key: question.id, style: styles.keyRow },
                  h(Text, { style: styles.keyNumber }, `${index + 1}.`),
                  h(Text, null, question.key ?? 'Anulada'),
                ),
              ),
          footer(options.title),
        )
      : null,
  );
}

export function renderCaderno(questions: ExportQuestion[], options: CadernoOptions) {
  return renderToBuffer(cadernoDocument(questions, options));
}
