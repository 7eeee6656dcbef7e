import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '@/test/match-media';
import { auditEntry, EDITOR } from '@/test/report-fixtures';
import { renderApp, stubApi, type StubbedRequest } from '@/test/render-app';

const ENTRIES = [
  auditEntry(12),
  auditEntry(11, {
    at: '2025-10-01T12:00:00.000Z',
    actor: 'Operador (linha de comando)',
    action: 'catalog.retire',
    target: null,
    summary: 'Questão retirada do catálogo',
  }),
];

function stubLog(
  answer: (request: StubbedRequest) => unknown = () => ({ entries: ENTRIES, next: null }),
) {
  return stubApi({ 'GET /auth/session': { user: EDITOR }, 'GET /admin/audit': answer });
}

async function renderLog(path = '/admin/registro') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Registro de ações' });
  return app;
}

describe('/admin/registro', () => {
  it('lists the entries newest first in a table on wide screens', async () => {
    stubLog();
    await renderLog();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Data e hora', 'Quem', 'Ação', 'Alvo', 'Resumo']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^02\/10\/2025,? 12:04:05$/),
      'Edna Editoraedna@gabarita.test',
      'Reporte de erro atualizado',
      'cmvv_2017_matematica_prova_3',
      'Reporte "Gabarito divergente" de Maria Candidata: Novo → Em análise',
    ]);
    // An action this version does not know shows as recorded; no target shows a dash.
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^01\/10\/2025,? 09:00:00$/),
      'Operador (linha de comando)',
      'catalog.retire',
      '—',
      'Questão retirada do catálogo',
    ]);
  });

  it('shows cards on narrow screens', async () => {
    setViewportWidth(390);
    stubLog();
    await renderLog();
    const list = await screen.findByRole('list', { name: 'Ações registradas' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Reporte de erro atualizado');
    expect(first).toHaveTextContent('Quem');
    expect(first).toHaveTextContent('Edna Editora');
    expect(first).toHaveTextContent('edna@gabarita.test');
    expect(first).toHaveTextContent('cmvv_2017_matematica_prova_3');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by action and target through the address', async () => {
    const api = stubLog();
    const { user, router } = await renderLog('/admin/registro?alvo=cmvv_2017_matematica_prova_3');
    await screen.findByRole('table');
    expect(api.calls('GET /admin/audit')[0]?.search).toBe('?alvo=cmvv_2017_matematica_prova_3');
    expect(screen.getByRole('textbox', { name: 'Alvo' })).toHaveValue(
      'cmvv_2017_matematica_prova_3',
    );

    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Resposta ao reporte enviada' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?acao=report.reply&alvo=cmvv_2017_matematica_prova_3',
      ),
    );
    await waitFor(() =>
      expect(api.calls('GET /admin/audit').at(-1)?.search).toBe(
        '?acao=report.reply&alvo=cmvv_2017_matematica_prova_3',
      ),
    );

    const target = screen.getByRole('textbox', { name: 'Alvo' });
    await user.clear(target);
    await user.type(target, 'etfsc_2015_pedagogo_prova_2{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?acao=report.reply&alvo=etfsc_2015_pedagogo_prova_2',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Alvo' })).toHaveValue('');
  });

  it("loads older entries with 'Carregar mais'", async () => {
    const api = stubLog((request) =>
      new URLSearchParams(request.search).get('antes') === '11'
        ? { entries: [auditEntry(10, { summary: 'A mais antiga' })], next: null }
        : { entries: ENTRIES, next: 11 },
    );
    const { user } = await renderLog();
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('A mais antiga')).toBeVisible();
    expect(api.calls('GET /admin/audit')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('says when nothing matches the filters', async () => {
    stubLog(() => ({ entries: [], next: null }));
    await renderLog('/admin/registro?acao=content.import');
    expect(await screen.findByText('Nenhuma ação registrada com esses filtros.')).toBeVisible();
  });
});
