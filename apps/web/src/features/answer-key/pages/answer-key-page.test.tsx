import { screen, waitFor, within } from '@testing-library/react';
import { ANSWER_KEY_MESSAGES, type AnswerKeyLine, type AnswerKeyPreview } from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import { examCard, examDetail, examSearch, questionCard } from '@/test/catalog-fixtures';
import { setViewportWidth } from '@/test/match-media';
import { EDITOR } from '@/test/report-fixtures';
import { apiError, stubApi, type ApiRoutes } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import { COMMENT_WITHDRAWN } from '../components/affected-table';
import AnswerKeyPage from './answer-key-page';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const PREVIEW_PATH = `/admin/exams/${EXAM_ID}/answer-key/preview`;
const APPLY_PATH = `/admin/exams/${EXAM_ID}/answer-key/apply`;

function line(overrides: Partial<AnswerKeyLine>): AnswerKeyLine {
  return {
    number: 12,
    questionId: `${EXAM_ID}_12`,
    from: 'B',
    to: 'C',
    answers: 120,
    becomeRight: 35,
    becomeWrong: 40,
    voided: 0,
    simulados: 3,
    commentWithdrawn: false,
    problem: null,
    ...overrides,
  };
}

function preview(overrides: Partial<AnswerKeyPreview> = {}): AnswerKeyPreview {
  return {
    examId: EXAM_ID,
    examLabel: 'Professor de Matemática · IBFC · 2017',
    applied: false,
    lines: [
      line({}),
      line({
        number: 15,
        questionId: `${EXAM_ID}_15`,
        from: 'A',
        to: 'anulada',
        answers: 80,
        becomeRight: 0,
        becomeWrong: 0,
        voided: 80,
        simulados: 1,
      }),
    ],
    notices: 110,
    ...overrides,
  };
}

function stubAnswerKey(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: EDITOR },
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(12), questionCard(15)], {
      annulledCount: 1,
    }),
    [`POST ${PREVIEW_PATH}`]: preview(),
    [`POST ${APPLY_PATH}`]: preview({ applied: true }),
    ...routes,
  });
}

async function renderAnswerKey(path = `/admin/gabarito?prova=${EXAM_ID}`) {
  const view = renderPage(<AnswerKeyPage />, { path, route: '/admin/gabarito' });
  await screen.findByRole('heading', { level: 1, name: 'Gabarito definitivo' });
  return view;
}

describe('/admin/gabarito', () => {
  it('reads the list as it is typed and lists the unreadable lines', async () => {
    stubAnswerKey();
    const { user } = await renderAnswerKey();
    const exam = screen.getByRole('region', { name: 'Prova' });
    expect(await within(exam).findByText('Professor de Matemática · IBFC · 2017')).toBeVisible();
    expect(exam).toHaveTextContent('Câmara Municipal de Valinhos · 41 questões (1 anulada)');

    const list = screen.getByRole('textbox', { name: 'Lista de mudanças' });
    const button = screen.getByRole('button', { name: 'Ver quem é afetado' });
    expect(screen.getByText('Nenhuma mudança digitada.')).toBeVisible();
    expect(button).toBeDisabled();

    await user.type(list, '12 C{Enter}15 anulada{Enter}questao 3 F');
    expect(screen.getByText('2 mudanças lidas; 1 linha não entendida.')).toBeVisible();
    expect(list).toBeInvalid();
    expect(list).toHaveAccessibleDescription(
      expect.stringContaining(`Linha não entendida: ${ANSWER_KEY_MESSAGES.lineUnreadable}.`),
    );
    expect(list).toHaveAccessibleDescription(expect.stringContaining('questao 3 F'));
    expect(
      within(screen.getByRole('list', { name: 'Mudanças lidas' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['12 → C', '15 → Anulada']);
    expect(button).toBeDisabled();

    await user.type(list, '{Backspace}');
    await user.type(list, 'E');
    expect(screen.getByText('3 mudanças lidas.')).toBeVisible();
    expect(list).toBeValid();
    expect(button).toBeEnabled();
  });

  it('shows who is affected, then applies after confirming', async () => {
    const api = stubAnswerKey();
    const { user } = await renderAnswerKey();
    await user.type(screen.getByRole('textbox', { name: 'Lista de mudanças' }), '12 C, 15 anulada');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));

    const affected = await screen.findByRole('region', { name: 'Quem é afetado' });
    expect(api.calls(`POST ${PREVIEW_PATH}`)[0]?.body).toEqual({
      changes: [
        { number: 12, key: 'C' },
        { number: 15, key: 'anulada' },
      ],
    });
    expect(within(affected).getByRole('heading', { name: 'Quem é afetado' })).toHaveFocus();
    const table = within(affected).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Questão',
      'De → para',
      'Respostas',
      'Ficam certas',
      'Ficam erradas',
      'Deixam de contar',
      'Simulados recalculados',
      'Observação',
    ]);
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual(['Questão 12', 'BparaC', '120', '35', '40', '0', '3', '—']);
    expect(cells(rows[2]!)).toEqual(['Questão 15', 'AparaAnulada', '80', '0', '0', '80', '1', '—']);
    expect(cells(rows[3]!)).toEqual(['Total', '200', '35', '40', '80', '4', '']);
    expect(within(rows[1]!).getByRole('link', { name: 'Questão 12' })).toHaveAttribute(
      'href',
      `/admin/questoes?q=${EXAM_ID}_12`,
    );
    expect(affected).toHaveTextContent(
      '2 questões mudam de gabarito; 35 respostas ficam certas, 40 ficam erradas e 80 deixam de contar; 4 simulados têm o resultado recalculado e 110 estudantes recebem um aviso.',
    );

    await user.click(within(affected).getByRole('button', { name: 'Aplicar gabarito definitivo' }));
    const dialog = screen.getByRole('dialog', { name: 'Aplicar o gabarito definitivo?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('110 estudantes recebem um aviso'),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(api.calls(`POST ${APPLY_PATH}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar gabarito' }));
    const result = await screen.findByRole('region', { name: 'Gabarito aplicado' });
    expect(api.calls(`POST ${APPLY_PATH}`)[0]?.body).toEqual({
      changes: [
        { number: 12, key: 'C' },
        { number: 15, key: 'anulada' },
      ],
    });
    expect(within(result).getByRole('status')).toHaveTextContent(
      'Gabarito definitivo aplicado em Professor de Matemática · IBFC · 2017. 2 questões mudaram de gabarito; 35 respostas ficaram certas',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Quem é afetado' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Lista de mudanças' })).toHaveValue('');
    await waitFor(() =>
      expect(within(result).getByRole('heading', { name: 'Gabarito aplicado' })).toHaveFocus(),
    );
  });

  it('offers no apply while a line has a problem, and says why a refusal happened', async () => {
    stubAnswerKey({
      [`POST ${PREVIEW_PATH}`]: preview({
        lines: [
          line({}),
          line({
            number: 99,
            questionId: null,
            from: null,
            answers: 0,
            becomeRight: 0,
            becomeWrong: 0,
            simulados: 0,
            problem: ANSWER_KEY_MESSAGES.unknownQuestion,
          }),
        ],
      }),
    });
    const { user } = await renderAnswerKey();
    await user.type(screen.getByRole('textbox', { name: 'Lista de mudanças' }), '12 C{Enter}99 A');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));
    const affected = await screen.findByRole('region', { name: 'Quem é afetado' });
    expect(within(affected).getByRole('alert')).toHaveTextContent(ANSWER_KEY_MESSAGES.hasProblems);
    const rows = within(affected).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Questão 99');
    expect(rows[2]).toHaveTextContent(ANSWER_KEY_MESSAGES.unknownQuestion);
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(
      within(affected).queryByRole('button', { name: 'Aplicar gabarito definitivo' }),
    ).toBeNull();
  });

  it('keeps the dialog open with the error when applying is refused', async () => {
    stubAnswerKey({
      [`POST ${APPLY_PATH}`]: () =>
        apiError(400, 'answer-key/problems', ANSWER_KEY_MESSAGES.hasProblems),
    });
    const { user } = await renderAnswerKey();
    const list = screen.getByRole('textbox', { name: 'Lista de mudanças' });
    await user.type(list, '12 C');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));
    await user.click(await screen.findByRole('button', { name: 'Aplicar gabarito definitivo' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar gabarito' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ANSWER_KEY_MESSAGES.hasProblems,
    );
  });

  it('asks to preview again when the list changes after the preview', async () => {
    stubAnswerKey();
    const { user } = await renderAnswerKey();
    const list = screen.getByRole('textbox', { name: 'Lista de mudanças' });
    await user.type(list, '12 C');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));
    await screen.findByRole('button', { name: 'Aplicar gabarito definitivo' });
    await user.type(list, '{Enter}13 D');
    expect(
      screen.getByText(
        'A lista mudou depois desta prévia: veja de novo quem é afetado antes de aplicar.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aplicar gabarito definitivo' })).toBeNull();
  });

  it('shows the lines as cards on narrow screens', async () => {
    setViewportWidth(390);
    stubAnswerKey();
    const { user } = await renderAnswerKey();
    await user.type(screen.getByRole('textbox', { name: 'Lista de mudanças' }), '12 C, 15 anulada');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));
    const cards = await screen.findByRole('list', { name: 'Quem é afetado, por questão' });
    const [first] = within(cards).getAllByRole('listitem');
    expect(first).toHaveTextContent('Questão 12');
    expect(first).toHaveTextContent('Ficam certas35');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when applying takes off a comment written for the previous key', async () => {
    setViewportWidth(390);
    stubAnswerKey({
      [`POST ${PREVIEW_PATH}`]: preview({ lines: [line({ commentWithdrawn: true })] }),
    });
    const { user } = await renderAnswerKey();
    await user.type(screen.getByRole('textbox', { name: 'Lista de mudanças' }), '12 C');
    await user.click(screen.getByRole('button', { name: 'Ver quem é afetado' }));
    const cards = await screen.findByRole('list', { name: 'Quem é afetado, por questão' });
    expect(within(cards).getByRole('listitem')).toHaveTextContent(
      `Observação: ${COMMENT_WITHDRAWN}`,
    );
  });

  it('chooses the exam from the catalogue or by its id', async () => {
    const api = stubAnswerKey({
      'GET /exams': examSearch({
        items: [
          examCard(),
          examCard({
            id: 'etfsc_2015_pedagogo_prova',
            cargo: 'Pedagogo',
            instituicao: 'IESES',
            ano: '2015',
          }),
        ],
      }),
    });
    const { user, location } = await renderAnswerKey('/admin/gabarito');
    const picker = screen.getByRole('region', { name: 'Escolha a prova' });
    const exams = await within(picker).findByRole('list', { name: 'Provas' });
    expect(within(picker).getByText('2 provas')).toBeVisible();
    await user.click(within(exams).getByRole('link', { name: /Pedagogo · IESES · 2015/ }));
    expect(location().search).toBe('?prova=etfsc_2015_pedagogo_prova');
    expect(await screen.findByRole('button', { name: 'Trocar prova' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Trocar prova' }));
    expect(location().search).toBe('');
    const code = await screen.findByRole('textbox', { name: 'Código da prova' });
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Digite o código da prova.'));
    await user.type(code, ` ${EXAM_ID} `);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(location().search).toBe(`?prova=${EXAM_ID}`);
    expect(await screen.findByText('Professor de Matemática · IBFC · 2017')).toBeVisible();
    expect(api.calls(`GET /exams/${EXAM_ID}`)).toHaveLength(1);
  });
});
