import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMMENT_ERROR_REPORT_TYPE,
  ERROR_REPORT_TYPES,
  MISSING_COMMENT_REPORT_TYPE,
  SUPPORT_MESSAGES,
} from '@gabarita/shared';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import {
  apiError,
  deferred,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;
const REPORT_ROUTE = 'POST /error-reports';

function stubViewer(routes: ApiRoutes = {}) {
  const questionRoutes: ApiRoutes = {};
  for (const number of [1, 2]) {
    questionRoutes[`GET /questions/${qid(number)}`] = questionDetail(number);
    questionRoutes[`POST /questions/${qid(number)}/open`] = () => noContentResponse();
  }
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1), questionCard(2)]),
    ...questionRoutes,
    ...routes,
  });
}

async function renderViewer(options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(1)}`, options);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  return app;
}

const reportButton = () => screen.getByRole('button', { name: 'Reportar erro' });
const dialog = () => screen.getByRole('dialog', { name: 'Reportar erro na questão' });
/** The dialog's code loads on the first opening. */
async function openReport(user: { click: (element: Element) => Promise<void> }) {
  await user.click(reportButton());
  await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
}
const sendButton = () => within(dialog()).getByRole('button', { name: 'Enviar relatório' });

afterEach(() => {
  vi.useRealTimers();
});

describe('/questoes — report an error', () => {
  it('opens a dialog listing the six types that do not concern the AI, in order, with none chosen', async () => {
    stubViewer();
    const { user } = await renderViewer();
    expect(reportButton()).toBeEnabled();
    await openReport(user);

    const group = within(dialog()).getByRole('radiogroup', { name: 'Tipo de erro' });
    const radios = within(group).getAllByRole('radio');
    // No AI wrote about this question: the AI types do not apply; nor, before the check, the
    // comment's, which the student has not seen.
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(
      ERROR_REPORT_TYPES.filter(
        (type) =>
          !type.startsWith('IA ') &&
          type !== COMMENT_ERROR_REPORT_TYPE &&
          type !== MISSING_COMMENT_REPORT_TYPE,
      ),
    );
    expect(radios).toHaveLength(6);
    expect(radios.at(-1)).toHaveAccessibleName('Outro');
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(radios[0]).toHaveFocus();
    expect(within(dialog()).queryByLabelText('Descreva o problema')).not.toBeInTheDocument();
  });

  it('asks for an option, and for a text with Outro, without calling the server', async () => {
    const api = stubViewer();
    const { user } = await renderViewer();
    await openReport(user);

    await user.click(sendButton());
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      SUPPORT_MESSAGES.reportOptionRequired,
    );

    await user.click(within(dialog()).getByRole('radio', { name: 'Outro' }));
    const textarea = within(dialog()).getByLabelText('Descreva o problema');
    expect(textarea).toHaveAttribute('maxLength', '2000');
    expect(within(dialog()).getByText('0 / 2.000 caracteres')).toBeVisible();
    await user.type(textarea, '   ');
    await user.click(sendButton());
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      SUPPORT_MESSAGES.reportOptionRequired,
    );
    expect(api.calls(REPORT_ROUTE)).toHaveLength(0);
  });

  it('sends the report, says so, and closes itself after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<Response>();
    const api = stubViewer({ [REPORT_ROUTE]: () => answer.promise });
    const { user } = await renderViewer({
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await openReport(user);

    await user.click(within(dialog()).getByRole('radio', { name: 'Outro' }));
    const textarea = within(dialog()).getByLabelText('Descreva o problema');
    await user.type(textarea, 'A alternativa C está repetida.');
    expect(within(dialog()).getByText('30 / 2.000 caracteres')).toBeVisible();
    await user.click(sendButton());

    const busy = await within(dialog()).findByRole('button', { name: 'Enviando...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(textarea).toBeDisabled();
    expect(within(dialog()).getByRole('radio', { name: 'Outro' })).toBeDisabled();
    // Escape does nothing while the report is on its way.
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(api.calls(REPORT_ROUTE)).toHaveLength(1);
    expect(api.calls(REPORT_ROUTE)[0]?.body).toEqual({
      questionId: qid(1),
      type: 'Outro',
      text: 'A alternativa C está repetida.',
    });

    answer.resolve(Response.json({ message: SUPPORT_MESSAGES.reportSent }, { status: 201 }));
    expect(await within(dialog()).findByRole('status')).toHaveTextContent(
      SUPPORT_MESSAGES.reportSent,
    );

    act(() => vi.advanceTimersByTime(1_900));
    expect(dialog()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reportButton()).toHaveFocus();
  });

  it('sends a plain type without text', async () => {
    const api = stubViewer({
      [REPORT_ROUTE]: () =>
        Response.json({ message: SUPPORT_MESSAGES.reportSent }, { status: 201 }),
    });
    const { user } = await renderViewer();
    await openReport(user);
    await user.click(within(dialog()).getByRole('radio', { name: 'Gabarito divergente' }));
    await user.click(sendButton());
    expect(await within(dialog()).findByText(SUPPORT_MESSAGES.reportSent)).toBeVisible();
    expect(api.calls(REPORT_ROUTE)[0]?.body).toEqual({
      questionId: qid(1),
      type: 'Gabarito divergente',
    });
  });

  it('takes an optional description with any type, not only Outro', async () => {
    const api = stubViewer({
      [REPORT_ROUTE]: () =>
        Response.json({ message: SUPPORT_MESSAGES.reportSent }, { status: 201 }),
    });
    const { user } = await renderViewer();
    await openReport(user);
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog()).getByRole('radio', { name: 'Gabarito divergente' }));
    const description = within(dialog()).getByRole('textbox', {
      name: 'Descreva o problema (opcional)',
    });
    expect(description).not.toBeRequired();
    await user.type(description, 'A banca mudou o gabarito para C no definitivo.');
    await user.click(sendButton());
    expect(await within(dialog()).findByText(SUPPORT_MESSAGES.reportSent)).toBeVisible();
    expect(api.calls(REPORT_ROUTE)[0]?.body).toEqual({
      questionId: qid(1),
      type: 'Gabarito divergente',
      text: 'A banca mudou o gabarito para C no definitivo.',
    });
  });

  it('shows the server message, lets the user retry, and starts clean when reopened', async () => {
    let attempts = 0;
    const api = stubViewer({
      [REPORT_ROUTE]: () => {
        attempts += 1;
        return attempts === 1
          ? apiError(400, 'request/invalid', SUPPORT_MESSAGES.reportMissingData)
          : apiError(500, 'server/internal', 'Erro interno.');
      },
    });
    const { user } = await renderViewer();
    await openReport(user);
    await user.click(within(dialog()).getByRole('radio', { name: 'Texto de referência ausente' }));
    await user.click(sendButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      SUPPORT_MESSAGES.reportMissingData,
    );

    await user.click(sendButton());
    expect(await within(dialog()).findByText(SUPPORT_MESSAGES.reportFailed)).toBeInTheDocument();
    expect(api.calls(REPORT_ROUTE)).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reportButton()).toHaveFocus();

    await openReport(user);
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(dialog())
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('keeps letter keys inside the dialog away from the alternatives behind it', async () => {
    stubViewer();
    const { user } = await renderViewer();
    await openReport(user);
    await user.keyboard('b');
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    );
  });
});
