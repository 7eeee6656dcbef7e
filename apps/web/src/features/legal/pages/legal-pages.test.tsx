import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEGAL_VERSIONS, PERFORMANCE_MESSAGES, PLANS, PRIVACY_MESSAGES } from '@gabarita/shared';
import { axeViolations } from '@/test/accessibility';
import { renderApp, stubApi } from '@/test/render-app';
import { appInfo, GEMINI_TUTOR } from '@/test/tutor-fixtures';
import { LEGAL_UPDATED_ON, PRIVACY_UPDATED_ON } from '../legal-dates';

const SUPPORT_EMAIL = 'atendimento@exemplo.com.br';
const PRIVACY_EMAIL = 'privacidade@exemplo.com.br';

describe('/termos', () => {
  it('lists all seven plans with duration and price', async () => {
    stubApi({ 'GET /app-info': appInfo() });
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
    stubApi({ 'GET /app-info': appInfo({ supportEmail: SUPPORT_EMAIL }) });
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
    stubApi({ 'GET /app-info': appInfo() });
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
  /** The section whose heading matches `name`, once the page has rendered. */
  async function section(name: RegExp) {
    return screen.findByRole('region', { name });
  }

  it('is dated as the version accounts accept, with a table of contents', async () => {
    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' });
    expect(screen.getByText('Última atualização: 26 de novembro de 2026')).toBeVisible();
    // The written dates are the versions in force (LEGAL_VERSIONS), spelled out.
    const spelled = (version: string) =>
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${version}T00:00:00Z`),
      );
    expect(PRIVACY_UPDATED_ON).toBe(spelled(LEGAL_VERSIONS.privacidade));
    expect(LEGAL_UPDATED_ON).toBe(spelled(LEGAL_VERSIONS.termos));
    const toc = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/^\d+\./, ''))).toEqual([
      'Quem trata os seus dados',
      'Dados que coletamos e para quê',
      'Bases legais',
      'Cookies e rastreamento',
      'Compartilhamento de dados',
      'Transferência internacional',
      'Por quanto tempo guardamos os dados',
      'Seus direitos e como exercê-los',
      'Segurança',
      'Menores de 18 anos',
      'Alterações desta política',
    ]);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).not.toBeNull();
    }
    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it('names the privacy contact, or the help centre when the server has none', async () => {
    stubApi({
      'GET /app-info': appInfo({ supportEmail: SUPPORT_EMAIL, privacyEmail: PRIVACY_EMAIL }),
    });
    const { unmount } = renderApp('/politicas');
    const controller = await section(/Quem trata os seus dados/);
    expect(controller).toHaveTextContent(/controlador/);
    expect(controller).toHaveTextContent(/encarregado/);
    expect(await within(controller).findByRole('link', { name: PRIVACY_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_EMAIL}`,
    );
    expect(screen.queryByRole('link', { name: SUPPORT_EMAIL })).toBeNull();
    unmount();

    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    const fallback = await section(/Quem trata os seus dados/);
    expect(within(fallback).getByRole('link', { name: 'Central de Ajuda' })).toHaveAttribute(
      'href',
      '/ajuda',
    );
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('says what is collected, why, and on which legal basis', async () => {
    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    const data = await section(/Dados que coletamos/);
    const item = (label: string) =>
      within(data)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(label));
    expect(item('Dados de cadastro')).toHaveTextContent(/nome, e-mail.*responsável legal/);
    expect(item('Histórico de estudos')).toHaveTextContent(/respostas/);
    expect(item('Conversas com o tutor')).toHaveTextContent(/mensagens que você escreve no chat/);
    expect(item('Compras')).toHaveTextContent(
      /CPF de quem paga.*vão direto ao Mercado Pago.*não ficam guardados/,
    );
    expect(item('Mensagens de ajuda e reportes')).toHaveTextContent(/Central de Ajuda/);
    expect(item('Dados técnicos')).toHaveTextContent(/endereço IP.*limitar o número de tentativas/);

    const bases = await section(/Bases legais/);
    expect(bases).toHaveTextContent(/execução do contrato/);
    expect(bases).toHaveTextContent(/obrigação legal.*compras/);
    expect(bases).toHaveTextContent(/legítimo interesse.*segurança/);
    expect(bases).toHaveTextContent(/consentimento.*menos de 18 anos/);
  });

  it('names every cookie with its purpose and lifetime, and what the browser keeps', async () => {
    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    const cookies = await section(/Cookies e rastreamento/);
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

  it('names the processors, the AI provider as configured, and the transfer abroad', async () => {
    stubApi({ 'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }) });
    renderApp('/politicas');
    const sharing = await section(/Compartilhamento de dados/);
    expect(await within(sharing).findByText('o Google, por meio da API Gemini')).toBeVisible();
    expect(sharing).toHaveTextContent('mensagens que você escreve no chat');
    expect(sharing).toHaveTextContent(/Mercado Pago/);
    expect(sharing).toHaveTextContent(/provedor de envio de e-mails \(SMTP\)/);
    expect(sharing).toHaveTextContent(/provedor de hospedagem/);
    expect(await section(/Transferência internacional/)).toHaveTextContent(
      /servidores fora do Brasil/,
    );
  });

  it('says nothing leaves the servers while the offline tutor answers', async () => {
    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    const sharing = await section(/Compartilhamento de dados/);
    expect(
      await within(sharing).findByText('nenhum provedor de inteligência artificial'),
    ).toBeVisible();
    const transfer = await section(/Transferência internacional/);
    expect(
      await within(transfer).findByText(/nada do que você pede a ele é enviado/),
    ).toBeVisible();
    expect(transfer).not.toHaveTextContent(/servidores fora do Brasil/);
  });

  it('gives every retention period, with those this server configures', async () => {
    stubApi({
      'GET /app-info': appInfo({ retentionDays: { aiChats: 180, devOutbox: 3, dataExports: 1 } }),
    });
    renderApp('/politicas');
    const retention = await section(/Por quanto tempo guardamos/);
    const item = (label: string) =>
      within(retention)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(label));
    expect(item('Conta, histórico')).toHaveTextContent(/enquanto a conta existir/);
    expect(item('Sessões')).toHaveTextContent(/30 dias a partir do último uso/);
    expect(item('Links e códigos')).toHaveTextContent(
      /redefinição de senha vale 1 hora.*confirmação do e-mail, 3 dias.*alteração de e-mail, 24 horas/,
    );
    expect(await within(retention).findByText('180 dias')).toBeVisible();
    expect(item('Conversas com o tutor')).toHaveTextContent('180 dias');
    expect(item(`Arquivos de “${PRIVACY_MESSAGES.exportButton}”`)).toHaveTextContent(/24 horas/);
    expect(item('Caixa de saída de desenvolvimento')).toHaveTextContent(
      /sem um provedor de e-mail \(SMTP\).*por 3 dias/,
    );
    expect(item('Compras')).toHaveTextContent(/5 anos depois da exclusão.*pseudônimo/);
  });

  it('tells how to use each LGPD right in the app', async () => {
    stubApi({ 'GET /app-info': appInfo({ privacyEmail: PRIVACY_EMAIL }) });
    renderApp('/politicas');
    const rights = await section(/Seus direitos/);
    expect(await within(rights).findAllByRole('link', { name: PRIVACY_EMAIL })).not.toHaveLength(0);
    const item = (label: string) => {
      const found = within(rights)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(label));
      if (!found) throw new Error(`no item ${label}`);
      return found;
    };
    const access = item('Confirmação da existência de tratamento e acesso');
    expect(access).toHaveTextContent(PRIVACY_MESSAGES.exportButton);
    expect(within(access).getByRole('link', { name: 'Gerenciar Conta' })).toHaveAttribute(
      'href',
      '/conta',
    );
    expect(item('Portabilidade')).toHaveTextContent(/JSON e CSV/);
    expect(item('Correção')).toHaveTextContent(PRIVACY_MESSAGES.emailChangeTitle);
    const deletion = item('Eliminação');
    expect(deletion).toHaveTextContent(PRIVACY_MESSAGES.deleteButton);
    expect(deletion).toHaveTextContent(PERFORMANCE_MESSAGES.resetButton);
    expect(within(deletion).getByRole('link', { name: 'Meu Desempenho' })).toHaveAttribute(
      'href',
      '/meu-desempenho',
    );
    expect(item('Anonimização, bloqueio ou eliminação')).toHaveTextContent(PRIVACY_EMAIL);
    expect(item('Informação sobre compartilhamento')).toBeVisible();
    expect(item('Revogação do consentimento')).toHaveTextContent(/responsável legal/);
    expect(
      within(item('Reclamação à autoridade')).getByRole('link', { name: 'gov.br/anpd' }),
    ).toHaveAttribute('href', 'https://www.gov.br/anpd');
  });

  it('covers security, minors and how a new version is accepted', async () => {
    stubApi({ 'GET /app-info': appInfo() });
    renderApp('/politicas');
    const security = await section(/Segurança/);
    expect(security).toHaveTextContent(/argon2id/);
    expect(security).toHaveTextContent(/guardados apenas como hash/);
    expect(security).toHaveTextContent(/HTTPS/);
    expect(await section(/Menores de 18 anos/)).toHaveTextContent(/consentimento do pai, da mãe/);
    expect(await section(/Alterações desta política/)).toHaveTextContent(
      /aceite a nova versão antes de continuar/,
    );
  });
});
