import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_MESSAGES, type Figure, type QuestionDetail } from '@gabarita/shared';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import {
  type ApiRoutes,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
} from '@/test/render-app';
import { fakeMatchMedia } from '@/test/match-media';

/** Figures, image alternatives, exact text and annulled/outdated questions in the viewer. */
const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;

function figure(assetId: string, overrides: Partial<Figure> = {}): Figure {
  return {
    assetId,
    url: `/api/images/${assetId}?v=1`,
    zoomUrl: null,
    width: 560,
    height: 320,
    minWidth: 448,
    ...overrides,
  };
}

function stubQuestion(
  detail: Partial<QuestionDetail>,
  status: QuestionDetail['status'] = 'regular',
  routes: ApiRoutes = {},
) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1, { status })]),
    [`GET /questions/${qid(1)}`]: questionDetail(1, { status, ...detail }),
    [`POST /questions/${qid(1)}/open`]: () => noContentResponse(),
    ...routes,
  });
}

async function renderQuestion() {
  const app = renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(1)}`);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  return app;
}

/** A radio by its letter and exact text (the letter is read before the text). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const radioNamed = (letter: string, text: string) =>
  screen.getByRole('radio', { name: new RegExp(`^${letter}\\)\\s*${escape(text)}$`) });

const CHART = 'Gráfico de barras da chuva por mês: janeiro 240 mm, fevereiro 200 mm.';
const MAP = 'Mapa do Brasil com as capitais.';

/**
 * jsdom lays nothing out. A phone's column, 318 px wide: every box is that wide, and its content as
 * wide as its widest child's min-width (a figure's readable width), so wider content scrolls.
 */
function layOutNarrowColumn() {
  const column = 318;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(column);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    const widths = [...this.children].map(
      (child) => parseFloat((child as HTMLElement).style.minWidth) || 0,
    );
    return Math.max(column, ...widths);
  });
}

/** A device whose main pointer is a finger (`coarse`) or a mouse (`fine`). */
function setPointer(kind: 'coarse' | 'fine') {
  window.matchMedia = (query: string) =>
    query.includes('pointer: coarse')
      ? { ...fakeMatchMedia(query), matches: kind === 'coarse' }
      : fakeMatchMedia(query);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('question content', () => {
  it('draws figures where the statement puts them, inline or on their own line', async () => {
    stubQuestion({
      statementHtml:
        `<p>O gráfico mostra a chuva.</p><figura imagem="chuva" alt="${CHART}"></figura>` +
        '<p>O símbolo <figura imagem="nota" alt="semínima" tipo="linha"></figura> vale um tempo.</p>',
      figures: [figure('chuva'), figure('nota', { width: 20, height: 40, minWidth: null })],
    });
    await renderQuestion();
    const statement = screen.getByRole('region', { name: 'Enunciado' });
    const [first, zoomChart, second] = [...statement.querySelector('.rich-text')!.children];
    expect(first).toHaveTextContent('O gráfico mostra a chuva.');
    expect(within(zoomChart as HTMLElement).getByRole('img', { name: CHART })).toHaveAttribute(
      'src',
      '/api/images/chuva?v=1',
    );
    expect(second).toHaveTextContent('O símbolo vale um tempo.');
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Ampliar figura: semínima' }),
    ).toBeVisible();

    // Never narrower than its readable width, never wider than itself: narrow screens scroll.
    const chartButton = within(statement).getByRole('button', { name: `Ampliar figura: ${CHART}` });
    expect(chartButton.style.minWidth).toBe('448px');
    expect(chartButton.style.maxWidth).toBe('560px');
  });

  it('scrolls a figure wider than the column inside its own box, and shows that it does', async () => {
    layOutNarrowColumn();
    stubQuestion({
      statementHtml:
        `<p>O gráfico mostra a chuva.</p><figura imagem="chuva" alt="${CHART}"></figura>` +
        `<p>E o mapa, as capitais.</p><figura imagem="mapa" alt="${MAP}"></figura>`,
      figures: [figure('chuva'), figure('mapa', { width: 300, minWidth: 240 })],
    });
    await renderQuestion();
    const statement = screen.getByRole('region', { name: 'Enunciado' });

    // The chart (448 px readable) is wider than the 318 px column: a named region keyboard users
    // can focus and scroll, a hint, and a shadow on the side where the rest of it is.
    const scroller = within(statement).getByRole('region', {
      name: `Figura com rolagem lateral: ${CHART}`,
    });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(
      within(scroller).getByRole('button', { name: `Ampliar figura: ${CHART}` }),
    ).toBeVisible();
    const chart = scroller.closest<HTMLElement>('[data-figure]')!;
    expect(within(chart).getByText('Deslize para ver a figura inteira')).toBeVisible();
    const edge = (side: 'start' | 'end') => chart.querySelector(`[data-edge="${side}"]`);
    expect(edge('end')).toBeVisible();
    expect(edge('start')).not.toBeVisible();

    // Scrolled to the end, the shadow moves to the other side.
    scroller.scrollLeft = 448 - 318;
    fireEvent.scroll(scroller);
    expect(edge('end')).not.toBeVisible();
    expect(edge('start')).toBeVisible();

    // The map fits: no region, no hint, no shadow.
    const map = within(statement)
      .getByRole('button', { name: `Ampliar figura: ${MAP}` })
      .closest<HTMLElement>('[data-figure]')!;
    expect(within(map).queryByRole('region')).toBeNull();
    expect(within(map).queryByText('Deslize para ver a figura inteira')).toBeNull();
    expect(map.querySelector('[data-edge="end"]')).not.toBeVisible();
    expect(within(statement).getAllByRole('region')).toHaveLength(1);
  });

  it.each([
    ['fine', 'a mouse', 'Clique na figura para ampliar', 'Toque na figura para ampliar'],
    ['coarse', 'a finger', 'Toque na figura para ampliar', 'Clique na figura para ampliar'],
  ] as const)('with a %s pointer (%s), says how to zoom: %s', async (kind, _, hint, other) => {
    setPointer(kind);
    stubQuestion({
      statementHtml: `<p>Veja.</p><figura imagem="chuva" alt="${CHART}"></figura>`,
      figures: [figure('chuva')],
    });
    await renderQuestion();
    const statement = screen.getByRole('region', { name: 'Enunciado' });
    expect(within(statement).getByText(hint)).toBeVisible();
    expect(within(statement).queryByText(other)).toBeNull();
  });

  it('opens a figure full screen with its description, zooms, and closes with Escape', async () => {
    stubQuestion({
      statementHtml: `<p>Veja.</p><figura imagem="chuva" alt="${CHART}"></figura>`,
      // No text size measured: the zoom opens at the fit (here 100%, jsdom lays nothing out).
      figures: [figure('chuva', { zoomUrl: '/api/images/chuva/original?v=1', minWidth: null })],
    });
    const { user } = await renderQuestion();
    const opener = screen.getByRole('button', { name: `Ampliar figura: ${CHART}` });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Figura ampliada' });
    expect(dialog).toHaveAccessibleDescription(CHART);
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/images/chuva/original?v=1');
    const viewport = within(dialog).getByRole('group', { name: new RegExp(CHART) });
    expect(viewport).toHaveFocus();
    expect(within(dialog).getByText('100%')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Diminuir zoom' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Aumentar zoom' }));
    expect(within(dialog).getByText('150%')).toBeVisible();
    await user.keyboard('+');
    expect(within(dialog).getByText('225%')).toBeVisible();
    await user.keyboard('0');
    expect(within(dialog).getByText('100%')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('lays image alternatives out as a radio group of figures, each with its own zoom', async () => {
    stubQuestion(
      {
        alternatives: ['A', 'B', 'C', 'D'].map((letter) => ({
          letter,
          text: `[Figura: Gráfico ${letter}]`,
          html: null,
          figure: { assetId: `graf_${letter}`, description: `Gráfico ${letter}` },
        })),
        figures: ['A', 'B', 'C', 'D'].map((letter) =>
          figure(`graf_${letter}`, { width: 260, minWidth: 223 }),
        ),
      },
      'regular',
      { [`POST /questions/${qid(1)}/check`]: { correct: true, gabarito: 'C' } },
    );
    const { user } = await renderQuestion();

    const group = screen.getByRole('radiogroup', { name: 'Alternativas' });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
    expect(radioNamed('C', 'Gráfico C')).toBeEnabled();
    await user.click(within(group).getByRole('img', { name: 'Gráfico C' }));
    expect(radioNamed('C', 'Gráfico C')).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(radioNamed('D', 'Gráfico D')).toBeChecked();
    await user.keyboard('c');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ampliar a figura da alternativa B' }));
    expect(screen.getByRole('dialog', { name: 'Figura ampliada' })).toHaveAccessibleDescription(
      'Alternativa B: Gráfico B',
    );
  });

  it('shows text alternatives exactly as written, and formatted ones as formatted', async () => {
    stubQuestion({
      alternatives: [
        { letter: 'A', text: 'Mediana = média < moda', html: null, figure: null },
        { letter: 'B', text: 'a > b && "c" é \'d\'', html: null, figure: null },
        { letter: 'C', text: '<b>não é negrito</b> &lt;', html: null, figure: null },
        { letter: 'D', text: 'H2O', html: 'H<sub>2</sub>O', figure: null },
      ],
    });
    await renderQuestion();
    expect(radioNamed('A', 'Mediana = média < moda')).toBeVisible();
    expect(radioNamed('B', 'a > b && "c" é \'d\'')).toBeVisible();
    expect(radioNamed('C', '<b>não é negrito</b> &lt;')).toBeVisible();
    const formatted = radioNamed('D', 'H2O').closest('label')!;
    expect(formatted.querySelector('sub')).toHaveTextContent('2');
  });

  it('renders small formulas and drops what the allow-list does not keep', async () => {
    stubQuestion({
      statementHtml:
        '<p>Calcule <math><mfrac><mn>3</mn><mn>4</mn></mfrac></math> de 10<sup>2</sup>.</p>' +
        '<table><tr><td colspan="2" onclick="x()" style="color:red">célula</td></tr></table>' +
        '<figura imagem="sumiu" alt="figura que não veio"></figura>',
    });
    await renderQuestion();
    const statement = screen.getByRole('region', { name: 'Enunciado' });
    const fraction = statement.querySelector('math mfrac');
    expect(fraction?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
    expect(fraction).toHaveTextContent('34');
    const cell = statement.querySelector('td')!;
    expect(cell).toHaveAttribute('colspan', '2');
    expect(cell).not.toHaveAttribute('onclick');
    expect(cell).not.toHaveAttribute('style');
    expect(statement).toHaveTextContent('[figura que não veio]');
  });

  it('shows an annulled question with its note, and offers no check', async () => {
    stubQuestion({ statusNote: 'Duas alternativas estavam corretas.' }, 'annulled');
    const { user } = await renderQuestion();
    const notice = screen.getByRole('note', { name: CATALOG_MESSAGES.annulledTitle });
    expect(notice).toHaveTextContent('Duas alternativas estavam corretas.');
    expect(notice).toHaveTextContent(CATALOG_MESSAGES.annulledText);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Questão 1' }).closest('header'),
    ).toHaveTextContent('Anulada');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: CATALOG_MESSAGES.checkAnswer })).toBeNull();
    expect(screen.getByText(CATALOG_MESSAGES.questionAnnulled)).toBeVisible();
    await user.keyboard('b');
    expect(screen.getByRole('radio', { name: /^B\)/ })).not.toBeChecked();
  });

  it('warns before answering an outdated question, and still checks it', async () => {
    stubQuestion({ statusNote: 'A Lei nº 13.415/2017 alterou o art. 36 da LDB.' }, 'outdated', {
      [`POST /questions/${qid(1)}/check`]: { correct: true, gabarito: 'A' },
    });
    const { user } = await renderQuestion();
    const notice = screen.getByRole('note', { name: CATALOG_MESSAGES.outdatedTitle });
    expect(notice).toHaveTextContent('A Lei nº 13.415/2017 alterou o art. 36 da LDB.');
    // The notice comes before the alternatives.
    expect(
      notice.compareDocumentPosition(screen.getByRole('radiogroup', { name: 'Alternativas' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /^A\)/ }));
    await user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
  });
});
