import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportDetail, ReportQueueItem, ReportStatus } from '@gabarita/shared';
import { questionDetail } from '@/test/catalog-fixtures';
import { setViewportWidth } from '@/test/match-media';
import { EDITOR, queuePage, reportDetail, reportItem } from '@/test/report-fixtures';
import {
  apiError,
  renderApp,
  stubApi,
  type ApiRoutes,
  type StubbedRequest,
} from '@/test/render-app';

const QUESTION_ID = 'cmvv_2017_matematica_prova_3';

const FIRST = reportItem(0, { openOnQuestion: 2 });
const SECOND = reportItem(1, {
  type: 'Outro',
  text: 'A data citada no enunciado parece errada.',
  status: 'reviewing',
  reporterName: 'João Pedro',
  openOnQuestion: 2,
  repliedAt: '2025-10-02T15:04:05.000Z',
});
const THIRD = reportItem(2, {
  questionId: 'cmvv_2017_matematica_prova_7',
  questionLabel: 'questão 7 de Professor de Matemática · IBFC · 2017',
  type: 'Enunciado com erro na redação',
  reporterName: 'Ana Lúcia',
});

/** The detail of FIRST, with SECOND among the other reports on its question. */
const FIRST_DETAIL = reportDetail(FIRST, { others: [SECOND] });

function stubQueue(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: EDITOR },
    'GET /admin/reports': queuePage([FIRST, SECOND, THIRD]),
    'GET /disciplines': {
      disciplines: [{ code: 'matematica', name: 'Matemática', questionCount: 10, subjects: [] }],
    },
    [`GET /admin/reports/${FIRST.id}`]: FIRST_DETAIL,
    [`GET /questions/${QUESTION_ID}`]: questionDetail(3),
    ...routes,
  });
}

async function renderQueue(path = '/admin/reportes') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Reportes de erro' });
  return app;
}

const list = () => screen.getByRole('list', { name: 'Reportes' });
const entry = (text: RegExp) => within(list()).getByRole('link', { name: text });
const statusFilter = () => screen.getByRole('group', { name: 'Situação' });
const detail = () =>
  screen.getByRole('region', { name: /^(Gabarito divergente|Reporte de erro)$/ });
const searchOf = (request: StubbedRequest) => new URLSearchParams(request.search);

/** What the server answers after a change: the report with its new state. */
function changed(report: ReportQueueItem, changes: Partial<ReportQueueItem>, rest = {}) {
  return { ...FIRST_DETAIL, report: { ...report, ...changes }, ...rest } satisfies ReportDetail;
}

describe('/admin/reportes — the queue', () => {
  it('shows the status counts and each report with what matters at a glance', async () => {
    const api = stubQueue();
    await renderQueue();
    await within(await screen.findByRole('list', { name: 'Reportes' })).findAllByRole('link');

    const radios = within(statusFilter()).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Abertos (3)',
      'Novos (2)',
      'Em análise (1)',
      'Corrigidos (4)',
      'Recusados (0)',
      'Todos',
    ]);
    expect(within(statusFilter()).getByRole('radio', { name: 'Abertos (3)' })).toBeChecked();
    // The default filter is not written in the request.
    expect(api.calls('GET /admin/reports')[0]?.search).toBe('');

    const first = entry(/Maria Candidata/);
    expect(first).toHaveTextContent('Novo');
    expect(first).toHaveTextContent('Gabarito divergente');
    expect(first).toHaveTextContent('questão 3 de Professor de Matemática · IBFC · 2017');
    expect(first).toHaveTextContent('há 5 minutos');
    expect(first).toHaveTextContent('2 reportes nesta questão');
    expect(first).not.toHaveTextContent('Respondido');

    const second = entry(/João Pedro/);
    expect(second).toHaveTextContent('Em análise');
    expect(second).toHaveTextContent('A data citada no enunciado parece errada.');
    expect(second).toHaveTextContent('Respondido');
    expect(entry(/questão 7/)).not.toHaveTextContent('reportes nesta questão');
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const api = stubQueue();
    const { user, router } = await renderQueue('/admin/reportes?situacao=todos&tipo=Outro');
    await screen.findByRole('list', { name: 'Reportes' });
    expect(within(statusFilter()).getByRole('radio', { name: 'Todos' })).toBeChecked();
    expect(searchOf(api.calls('GET /admin/reports')[0]!).get('tipo')).toBe('Outro');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Outro');

    await user.click(within(statusFilter()).getByRole('radio', { name: 'Corrigidos (4)' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('situacao')).toBe('fixed'),
    );
    await waitFor(() =>
      expect(searchOf(api.calls('GET /admin/reports').at(-1)!).get('situacao')).toBe('fixed'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Disciplina' }));
    await user.click(await screen.findByRole('option', { name: 'Matemática' }));
    await user.type(screen.getByRole('textbox', { name: 'Prova' }), ' cmvv_2017_matematica_prova ');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?situacao=fixed&tipo=Outro&prova=cmvv_2017_matematica_prova&disciplina=matematica',
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(api.calls('GET /admin/reports').at(-1)?.search).toBe(
        '?situacao=fixed&tipo=Outro&prova=cmvv_2017_matematica_prova&disciplina=matematica',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Prova' })).toHaveValue('');
    expect(within(statusFilter()).getByRole('radio', { name: /^Abertos/ })).toBeChecked();
  });

  it('says the queue is up to date when nothing is open', async () => {
    stubQueue({
      'GET /admin/reports': queuePage([], {
        counts: { new: 0, reviewing: 0, fixed: 1, rejected: 0 },
      }),
    });
    await renderQueue();
    expect(await screen.findByText('Nenhum reporte aberto. Tudo em dia!')).toBeVisible();
    expect(within(statusFilter()).getByRole('radio', { name: 'Abertos (0)' })).toBeChecked();
  });

  it('offers a retry when the queue cannot load', async () => {
    stubQueue({
      'GET /admin/reports': () => apiError(500, 'internal', 'Erro interno. Tente novamente.'),
    });
    await renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno. Tente novamente.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });

  it('loads the next page with the cursor', async () => {
    const api = stubQueue({
      'GET /admin/reports': (request: StubbedRequest) =>
        searchOf(request).get('antes') === THIRD.id
          ? queuePage([reportItem(3, { reporterName: 'Rita Antiga' })])
          : queuePage([FIRST, SECOND, THIRD], { next: THIRD.id }),
    });
    const { user } = await renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await within(list()).findByRole('link', { name: /Rita Antiga/ })).toBeVisible();
    expect(api.calls('GET /admin/reports')).toHaveLength(2);
  });
});

describe('/admin/reportes — a report', () => {
  it('opens beside the list on wide screens, in the address, with the question and its key', async () => {
    stubQueue();
    const { user, router } = await renderQueue();
    expect(await screen.findByText(/Escolha um reporte da lista/)).toBeVisible();

    await user.click(await screen.findByRole('link', { name: /Maria Candidata/ }));
    expect(new URLSearchParams(router.state.location.search).get('reporte')).toBe(FIRST.id);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Gabarito divergente' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(list()).toBeVisible();
    expect(entry(/Maria Candidata/)).toHaveAttribute('aria-current', 'true');

    const panel = detail();
    expect(within(panel).queryByRole('button', { name: 'Voltar à lista' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'maria@exemplo.com.br' })).toHaveAttribute(
      'href',
      'mailto:maria@exemplo.com.br',
    );
    const question = within(panel).getByRole('region', { name: 'Questão' });
    expect(await within(question).findByText('Enunciado da questão 3.')).toBeVisible();
    expect(
      within(question).getByRole('radio', { name: /Alternativa C da questão 3/ }),
    ).toBeDisabled();
    expect(within(question).getByText('Alternativa correta')).toBeVisible();
    expect(within(question).getByText('Gabarito: C')).toBeVisible();
    const viewer = within(question).getByRole('link', { name: /Abrir no visualizador/ });
    expect(viewer).toHaveAttribute(
      'href',
      `/questoes?prova=cmvv_2017_matematica_prova&q=${QUESTION_ID}`,
    );
    expect(viewer).toHaveAttribute('target', '_blank');

    const others = within(panel).getByRole('list', { name: 'Outros reportes nesta questão' });
    expect(within(others).getByRole('link')).toHaveTextContent('João Pedro');
  });

  it('takes the list’s place on narrow screens, and "Voltar à lista" brings it back', async () => {
    setViewportWidth(390);
    stubQueue();
    const { user, router } = await renderQueue();
    await user.click(await screen.findByRole('link', { name: /Maria Candidata/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Gabarito divergente' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('list', { name: 'Reportes' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Filtros' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Voltar à lista' }));
    expect(await screen.findByRole('list', { name: 'Reportes' })).toBeVisible();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(entry(/Maria Candidata/)).toHaveFocus());
  });

  it('reopens from the address after a reload, without moving the focus', async () => {
    stubQueue();
    await renderQueue(`/admin/reportes?reporte=${FIRST.id}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Gabarito divergente' });
    expect(heading).not.toHaveFocus();
  });

  it('saves a new status, and the list and its counts follow at once', async () => {
    const api = stubQueue({
      [`PATCH /admin/reports/${FIRST.id}`]: (request: StubbedRequest) => {
        const { status } = request.body as { status: ReportStatus };
        return {
          message: 'Situação alterada para "Em análise".',
          detail: changed(FIRST, { status }),
        };
      },
    });
    const { user } = await renderQueue(`/admin/reportes?reporte=${FIRST.id}`);
    const situation = await screen.findByRole('region', { name: 'Situação' });
    const save = within(situation).getByRole('button', { name: 'Salvar situação' });
    expect(within(situation).getByRole('radio', { name: 'Novo' })).toBeChecked();
    expect(save).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(situation).getByRole('radio', { name: 'Em análise' }));
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    expect(await within(situation).findByRole('status')).toHaveTextContent(
      'Situação alterada para "Em análise".',
    );
    expect(api.calls(`PATCH /admin/reports/${FIRST.id}`)[0]?.body).toEqual({ status: 'reviewing' });
    expect(save).toHaveFocus();
    expect(save).toHaveAttribute('aria-disabled', 'true');

    await waitFor(() => expect(entry(/Maria Candidata/)).toHaveTextContent('Em análise'));
    expect(within(statusFilter()).getByRole('radio', { name: 'Novos (1)' })).toBeVisible();
    expect(within(statusFilter()).getByRole('radio', { name: 'Em análise (2)' })).toBeVisible();
    expect(within(statusFilter()).getByRole('radio', { name: 'Abertos (3)' })).toBeChecked();
  });

  it('shows the server’s message when a status cannot change', async () => {
    stubQueue({
      [`PATCH /admin/reports/${FIRST.id}`]: () =>
        apiError(
          409,
          'report/twin-open',
          'Este estudante já tem um reporte aberto igual nesta questão.',
        ),
    });
    const { user } = await renderQueue(`/admin/reportes?reporte=${FIRST.id}`);
    const situation = await screen.findByRole('region', { name: 'Situação' });
    await user.click(within(situation).getByRole('radio', { name: 'Corrigido' }));
    await user.click(within(situation).getByRole('button', { name: 'Salvar situação' }));
    expect(await within(situation).findByRole('alert')).toHaveTextContent(
      'Este estudante já tem um reporte aberto igual nesta questão.',
    );
  });

  it('sends a reply started from a template, then shows it as sent', async () => {
    const api = stubQueue({
      [`POST /admin/reports/${FIRST.id}/reply`]: (request: StubbedRequest) => {
        const { mensagem } = request.body as { mensagem: string };
        return {
          message: 'Resposta enviada para maria@exemplo.com.br.',
          detail: changed(
            FIRST,
            { repliedAt: '2025-10-02T18:00:00.000Z' },
            { reply: mensagem, handledBy: 'Edna Editora' },
          ),
        };
      },
    });
    const { user } = await renderQueue(`/admin/reportes?reporte=${FIRST.id}`);
    const replying = await screen.findByRole('region', { name: 'Resposta ao estudante' });
    const box = within(replying).getByRole('textbox', { name: 'Mensagem' });
    const send = within(replying).getByRole('button', { name: 'Enviar resposta' });

    await user.click(send);
    expect(within(replying).getByRole('alert')).toHaveTextContent(
      'Escreva a resposta ao estudante.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(`POST /admin/reports/${FIRST.id}/reply`)).toHaveLength(0);

    await user.click(within(replying).getByRole('combobox', { name: 'Modelo' }));
    await user.click(await screen.findByRole('option', { name: 'Corrigido' }));
    const template =
      'Olá, Maria! Obrigado por reportar o erro na questão 3 de Professor de Matemática · IBFC · 2017. Corrigimos a questão: ';
    expect(box).toHaveValue(template);
    expect(within(replying).getByText(`${template.length} / 5.000 caracteres`)).toBeVisible();
    await user.type(box, 'o gabarito agora é C.');

    await user.click(send);
    expect(await within(replying).findByRole('status')).toHaveTextContent(
      'Resposta enviada para maria@exemplo.com.br.',
    );
    expect(api.calls(`POST /admin/reports/${FIRST.id}/reply`)[0]?.body).toEqual({
      mensagem: `${template}o gabarito agora é C.`,
    });
    expect(box).toHaveValue('');
    expect(within(replying).getByText(`${template}o gabarito agora é C.`)).toBeVisible();
    expect(within(replying).getByText(/^Resposta enviada em 02\/10\/2025/)).toBeVisible();
    expect(within(replying).getByRole('textbox', { name: 'Nova mensagem' })).toBe(box);
    await waitFor(() => expect(entry(/Maria Candidata/)).toHaveTextContent('Respondido'));
  });

  it('shows the server’s message when a reply fails', async () => {
    stubQueue({
      [`POST /admin/reports/${FIRST.id}/reply`]: () =>
        apiError(502, 'mail/failed', 'Não foi possível enviar o e-mail. Tente novamente.'),
    });
    const { user } = await renderQueue(`/admin/reportes?reporte=${FIRST.id}`);
    const replying = await screen.findByRole('region', { name: 'Resposta ao estudante' });
    await user.type(within(replying).getByRole('textbox'), 'Estamos vendo.');
    await user.click(within(replying).getByRole('button', { name: 'Enviar resposta' }));
    expect(await within(replying).findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar o e-mail. Tente novamente.',
    );
    expect(within(replying).getByRole('textbox')).toHaveValue('Estamos vendo.');
  });
});
