import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@gabarita/shared';

const SUPPORT_EMAIL = 'atendimento@exemplo.com.br';
import { renderApp, stubApi } from '@/test/render-app';
import { GEMINI_TUTOR, OFFLINE_TUTOR } from '@/test/tutor-fixtures';

describe('/termos', () => {
  it('lists all seven plans with duration and price', async () => {
    stubApi();
    renderApp('/termos');
    await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' });
    const table = screen.getByRole('table', { name: 'Planos, duração e preço' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Diário1 diaR$ 1,90',
      'Semanal7 diasR$ 12,90',
      'Quinzenal15 diasR$ 19,90',
      'Mensal30 diasR$ 34,90',
      'Trimestral90 diasR$ 94,90',
      'Semestral180 diasR$ 179,90',
      'Anual360 diasR$ 329,90',
    ]);
    expect(rows).toHaveLength(PLANS.length);
    expect(
      screen.getByText(/pacote de tokens “Essencial”, por R\$ 1,90, com 80\.000/),
    ).toBeVisible();
  });

  it('has a dated text, a table of contents with anchors and the jurisdiction', async () => {
    stubApi({ 'GET /app-info': { supportEmail: SUPPORT_EMAIL, tutor: OFFLINE_TUTOR } });
    renderApp('/termos');
    await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' });
    expect(screen.getByText('Última atualização: 2 de outubro de 2025')).toBeVisible();
    const toc = screen.getByRole('navigation', { name: 'Nesta página' });
    for (const link of within(toc).getAllByRole('link')) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).not.toBeNull();
    }
    expect(screen.getByText(/comarca de Olinda, Pernambuco/)).toBeVisible();
    expect(screen.getByText(/Menores de 18 anos/)).toBeVisible();
    expect(await screen.findByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('points to the help centre when no support address is configured', async () => {
    stubApi();
    renderApp('/termos');
    await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' });
    const closing = screen.getByRole('region', { name: /Disposições finais/ });
    expect(within(closing).getByRole('link', { name: 'Central de Ajuda' })).toHaveAttribute(
      'href',
      '/ajuda',
    );
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });
});

describe('/politicas', () => {
  it('states the data, the sharing and the LGPD rights', async () => {
    stubApi({ 'GET /app-info': { supportEmail: SUPPORT_EMAIL, tutor: OFFLINE_TUTOR } });
    renderApp('/politicas');
    await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' });
    expect(screen.getByText('Última atualização: 25 de novembro de 2026')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: /Cookies e rastreamento/ })).toBeVisible();
    expect(screen.getByText(/argon2id/)).toBeVisible();
    expect(screen.getByText(/portabilidade/)).toBeVisible();
    expect((await screen.findAllByRole('link', { name: SUPPORT_EMAIL })).length).toBeGreaterThan(0);
  });

  it('names every cookie with its purpose and lifetime, and what the browser keeps', async () => {
    stubApi();
    renderApp('/politicas');
    const cookies = await screen.findByRole('region', { name: /Cookies e rastreamento/ });
    const item = (name: string) =>
      within(cookies)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(name));
    // Each cookie the server sets (apps/server/src/modules/auth), with why and for how long.
    expect(item('gabarita_session')).toHaveTextContent(/conectado.*30 dias/);
    expect(item('gabarita_browser')).toHaveTextContent(/senha.*um ano/);
    expect(item('gabarita_google')).toHaveTextContent(/Google.*10 minutos/);
    expect(cookies).not.toHaveTextContent('somente o cookie de sessão');
    // What the web app keeps in localStorage and sessionStorage (apps/web/src/lib/storage-keys.ts).
    for (const [key, held] of [
      ['gabarita.theme', /tema/],
      ['gabarita.menuOpen', /menu lateral/],
      ['gabarita.desempenho.visao', /Meu Desempenho/],
      ['gabarita.fonte', /fonte/],
      ['gabarita.simulado.', /simulado/],
      ['gabarita.filtro.', /filtros/],
      ['gabarita.escolha.', /alternativa/],
    ] as const) {
      expect(item(key), key).toHaveTextContent(held);
    }
  });

  it('names the AI provider that receives question texts and chat messages, as configured', async () => {
    stubApi({ 'GET /app-info': { supportEmail: null, tutor: GEMINI_TUTOR } });
    renderApp('/politicas');
    const sharing = await screen.findByRole('region', { name: /Compartilhamento de dados/ });
    expect(await within(sharing).findByText('o Google, por meio da API Gemini')).toBeVisible();
    expect(sharing).toHaveTextContent('mensagens que você escreve no chat');
  });

  it('says nothing leaves the servers while the offline tutor answers', async () => {
    stubApi();
    renderApp('/politicas');
    const sharing = await screen.findByRole('region', { name: /Compartilhamento de dados/ });
    expect(
      await within(sharing).findByText('nenhum provedor de inteligência artificial'),
    ).toBeVisible();
  });
});
