import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The e2e server runs the default offline tutor, which is not a language model: no page may say
 * IA or Inteligência Artificial, except in the sentences that say the tutor is not one. The same
 * walk reads the wording every page shares: the product is "o Gabarita", and counts agree with
 * their nouns (no "prova(s)").
 */
const EXAM_ID = 'cmva_2017_professor_matematica_prova';

const OPEN_PATHS = ['/ajuda', '/termos', '/politicas'];
const SIGNED_OUT_PATHS = ['/login', '/signup', '/recovery', '/auth/action', ...OPEN_PATHS];
const STUDENT_PATHS = [
  '/',
  '/conteudo-didatico',
  '/conteudo-didatico?disciplina=matematica',
  '/prova-dashboard',
  `/prova-dashboard?prova=${EXAM_ID}`,
  '/questoes',
  `/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`,
  '/buscar-questoes',
  '/caderno-de-erros',
  '/simulados',
  '/simulado',
  '/assinatura',
  '/assinatura?motivo=ai_limit',
  '/assinatura?motivo=question_limit',
  '/pagamento',
  '/conta',
  '/meu-desempenho',
  ...OPEN_PATHS,
];

/** The sentences saying, on purpose, that the offline tutor is not AI (or sends nothing to one). */
const DISCLAIMERS = [
  /n[ãa]o (é|são|foi) (escritos? por )?(uma )?intelig[êe]ncia artificial/i,
  /(nenhum|nada do que você pede a ele é enviado a um) provedor de intelig[êe]ncia artificial/i,
];
const AI_WORDING = /(?<![\p{L}\p{N}])IA(?![\p{L}\p{N}])|[Ii]ntelig[êe]ncia [Aa]rtificial/u;
const FEMININE_NAME = /(?<![\p{L}])(a|à|da|na|pela) Gabarita\b/iu;
const PLURAL_MARK = /\p{L}\((s|es|ns|ões)\)/u;

/**
 * The sentences of the page's visible text that name AI (disclaimers left out), call the product
 * "a Gabarita" or leave a plural to the reader.
 */
async function wrongSentences(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .filter(
      (sentence) =>
        (AI_WORDING.test(sentence) &&
          !DISCLAIMERS.some((disclaimer) => disclaimer.test(sentence))) ||
        FEMININE_NAME.test(sentence) ||
        PLURAL_MARK.test(sentence),
    )
    .map((sentence) => sentence.trim());
}

async function walk(page: Page, paths: readonly string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
    const sentences = await wrongSentences(page);
    if (sentences.length > 0) found[path] = sentences;
  }
  return found;
}

/** Checks question 1 of the exam. */
async function checkFirstQuestion(page: Page) {
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
  await page
    .locator('label')
    .filter({ has: page.locator('input[type="radio"]') })
    .first()
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByText(/Correto, Parabéns!|Errado!/)).toBeVisible();
}

test.describe('every page, with the offline tutor: nothing reads as AI, "o Gabarita", no "(s)"', () => {
  test('signed out', async ({ page }) => {
    expect(await walk(page, SIGNED_OUT_PATHS)).toEqual({});
  });

  test('signed in, free', async ({ page, freeAccount }) => {
    await page.context().addCookies(freeAccount.cookies);
    expect(await walk(page, STUDENT_PATHS)).toEqual({});
  });

  test('signed in, Premium, with a checked question', async ({ page, premiumAccount }) => {
    await page.context().addCookies(premiumAccount.cookies);
    // The tutor's panels show once the question is checked (a Premium check costs nothing).
    await checkFirstQuestion(page);
    expect({ checked: await wrongSentences(page), ...(await walk(page, STUDENT_PATHS)) }).toEqual({
      checked: [],
    });
  });
});
