import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';

/**
 * Every screen at both widths and in both themes: a screenshot in e2e/.artifacts for review, and an
 * axe-core check for serious or critical violations.
 */
interface Screen {
  name: string;
  path: string;
  heading: string | RegExp;
  account?: 'free' | 'premium';
  /** What to do on the page before the screenshot. */
  act?: (page: Page) => Promise<void>;
  /** The viewport only (a full-screen dialog), not the whole page. */
  viewportOnly?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'help-visitor', path: '/ajuda', heading: 'Central de Ajuda' },
  { name: 'login', path: '/login', heading: 'Entrar' },
  { name: 'signup', path: '/signup', heading: 'Criar conta' },
  { name: 'recovery-missing-code', path: '/recovery', heading: 'Redefinir senha' },
  { name: 'not-found', path: '/pagina-que-nao-existe', heading: 'Página não encontrada' },
  { name: 'home', path: '/', heading: 'Questões de concurso', account: 'free' },
  {
    name: 'exam-dashboard',
    path: '/prova-dashboard?prova=cmva_2017_professor_matematica_prova',
    heading: /Professor de Matemática/,
    account: 'free',
  },
  {
    name: 'question-with-image',
    path: '/questoes?prova=cmva_2017_professor_matematica_prova',
    heading: 'Questão 1',
    account: 'free',
  },
  {
    name: 'question-with-reference-text',
    path: '/questoes?prova=cmva_2017_professor_portugues_prova',
    heading: 'Questão 1',
    account: 'free',
  },
  {
    name: 'question-figure-between-paragraphs',
    path: '/questoes?prova=cmva_2017_professor_geografia_prova&q=cmva_2017_professor_geografia_prova_11',
    heading: 'Questão 11',
    account: 'free',
  },
  {
    name: 'question-figure-zoomed',
    path: '/questoes?prova=cmva_2017_professor_geografia_prova&q=cmva_2017_professor_geografia_prova_11',
    heading: 'Questão 11',
    account: 'free',
    act: async (page) => {
      await page.getByRole('button', { name: /^Ampliar figura: Gráfico de linhas/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Figura ampliada' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Tamanho real' }).click();
      await dialog.getByRole('button', { name: 'Aumentar zoom' }).click();
      await expect(dialog.getByText('150%', { exact: true })).toBeVisible();
    },
    viewportOnly: true,
  },
  {
    name: 'question-image-alternatives',
    path: '/questoes?prova=etfsc_2015_professor_fisica_prova&q=etfsc_2015_professor_fisica_prova_11',
    heading: 'Questão 11',
    account: 'free',
    act: async (page) => {
      await page
        .getByRole('img', {
          name: /^Reta decrescente que corta o eixo y no ponto \(0, 2\) e o eixo x no ponto \(2, 0\)/,
        })
        .click();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'question-inline-figures',
    path: '/questoes?prova=etfsc_2015_professor_musica_prova&q=etfsc_2015_professor_musica_prova_11',
    heading: 'Questão 11',
    account: 'free',
  },
  {
    name: 'question-annulled',
    path: '/questoes?prova=cmva_2017_professor_historia_prova&q=cmva_2017_professor_historia_prova_11',
    heading: 'Questão 11',
    account: 'free',
  },
  {
    name: 'question-outdated',
    path: '/questoes?prova=etfsc_2015_professor_filosofia_prova&q=etfsc_2015_professor_filosofia_prova_9',
    heading: 'Questão 9',
    account: 'free',
  },
  {
    name: 'exam-dashboard-with-states',
    path: '/prova-dashboard?prova=etfsc_2015_professor_fisica_prova',
    heading: /Professor de Física/,
    account: 'free',
  },
  {
    name: 'disciplines',
    path: '/conteudo-didatico?disciplina=legislacao',
    heading: 'Disciplinas isoladas',
    account: 'free',
  },
  {
    name: 'plans-question-limit',
    path: '/assinatura?motivo=question_limit',
    heading: 'Planos de Assinatura',
    account: 'free',
  },
  { name: 'account-free', path: '/conta', heading: 'Gerenciamento de Conta', account: 'free' },
  {
    name: 'account-premium',
    path: '/conta',
    heading: 'Gerenciamento de Conta',
    account: 'premium',
  },
  {
    name: 'profile-panel',
    path: '/ajuda',
    heading: 'Central de Ajuda',
    account: 'free',
    act: async (page) => {
      await page.getByRole('button', { name: /Conta/ }).click();
      await expect(page.getByRole('button', { name: 'Sair', exact: true })).toBeVisible();
    },
  },
];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.beforeEach(async ({ page, freeAccount, premiumAccount }) => {
      if (!screen.account) return;
      const account = screen.account === 'premium' ? premiumAccount : freeAccount;
      await page.context().addCookies(account.cookies);
    });

    for (const viewport of VIEWPORTS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        test(`${viewport.width}px ${colorScheme}`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await screen.act?.(page);
          await page.screenshot({
            path: `e2e/.artifacts/screenshots/${screen.name}-${viewport.width}-${colorScheme}.png`,
            fullPage: !screen.viewportOnly,
          });
          await expectAccessible(page);
        });
      }
    }
  });
}
