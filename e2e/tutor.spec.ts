import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { takeCommentOff } from './support/comments';
import { runOperatorCommand } from './support/operator';

/** The e2e server runs the default offline tutor: it must never read as AI. */
const EXAM_ID = 'cmva_2017_professor_matematica_prova';
interface SampleQuestion {
  gabarito: string;
  comentario: {
    resumo: string;
    alternativas: Record<string, string>;
    fundamento?: { referencia: string }[];
  };
}
const sampleExam = JSON.parse(
  fs.readFileSync(path.join('content/sample/provas', `${EXAM_ID}.json`), 'utf8'),
) as { questoes: Record<string, SampleQuestion> };
const keyOf = (number: number) => sampleExam.questoes[String(number)]!.gabarito;
const commentOf = (number: number) => sampleExam.questoes[String(number)]!.comentario;
/** Markup-free, as the page shows it. */
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

async function shoot(page: Page, name: string) {
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await expectAccessible(page);
}

async function openAndCheck(page: Page, number: number) {
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_${number}`);
  const letter = keyOf(number);
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
}

/** 'Hoje: 79.520 de entrada · 39.710 de saída' as numbers. */
async function todayTokens(page: Page) {
  const text = await page.getByRole('region', { name: 'Contador de tokens' }).innerText();
  const match = text.match(/Hoje: ([\d.]+) de entrada · ([\d.]+) de saída/);
  if (!match) throw new Error(`contador sem a cota de hoje: ${text}`);
  return {
    input: Number(match[1]!.replaceAll('.', '')),
    output: Number(match[2]!.replaceAll('.', '')),
  };
}

async function premium(page: Page, prefix: string) {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail(prefix) });
  runOperatorCommand('user:grant-premium', email, '30');
  return email;
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`Premium reads the team's comment with the basis, and the chat answers about a wrong alternative, at ${viewport.width} px ${colorScheme}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await premium(page, 'comentario');
      // A legislation item: its comment cites the law.
      await openAndCheck(page, 9);
      const comment = commentOf(9);
      const section = page.getByRole('region', { name: 'Comentário' });
      await expect(section).toContainText(plain(comment.resumo));
      for (const [letter, reason] of Object.entries(comment.alternativas)) {
        await expect(section).toContainText(`Alternativa ${letter}`);
        await expect(section).toContainText(plain(reason));
      }
      await expect(section.getByRole('heading', { name: 'Fundamento' })).toBeVisible();
      await expect(section).toContainText(comment.fundamento![0]!.referencia);
      // The comment is the explanation: the offline tutor does not write it again.
      await expect(page.getByRole('region', { name: 'Explicação do tutor offline' })).toHaveCount(
        0,
      );
      await expect(page.getByRole('region', { name: 'Explicação da IA' })).toHaveCount(0);
      await shoot(page, `comment-premium-${viewport.width}-${colorScheme}`);

      const wrong = Object.keys(comment.alternativas).find((letter) => letter !== keyOf(9))!;
      const input = page.getByLabel('Sua pergunta sobre a questão');
      await input.fill(`Por que a letra ${wrong} está errada?`);
      await input.press('Enter');
      const reply = page.getByRole('list', { name: 'Conversa' }).getByRole('listitem').nth(1);
      await expect(reply).toContainText(`A alternativa ${wrong}: incorreta`);
      await expect(reply).toContainText(plain(comment.alternativas[wrong]!));
      await expect(reply).not.toContainText('não corresponde ao gabarito');
      await reply.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/comment-chat-${viewport.width}-${colorScheme}.png`,
      });
      await expectAccessible(page);
    });

    test(`a free account reads the comment's summary and is invited to the rest at ${viewport.width} px ${colorScheme}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signedInAccount(page.request, { email: uniqueEmail('comentario-livre') });
      await openAndCheck(page, 9);
      const comment = commentOf(9);
      const section = page.getByRole('region', { name: 'Comentário' });
      await expect(section).toContainText(plain(comment.resumo));
      await expect(section).toContainText(
        'O comentário de cada alternativa e o fundamento (lei, artigo, súmula) são do Premium',
      );
      for (const reason of Object.values(comment.alternativas))
        await expect(section).not.toContainText(plain(reason));
      await expect(section).not.toContainText(comment.fundamento![0]!.referencia);
      await shoot(page, `comment-free-${viewport.width}-${colorScheme}`);
    });
  }
}

test('a commented question spends nothing on an explanation, and the chat teaches from the comment', async ({
  page,
}) => {
  await premium(page, 'chat');
  await openAndCheck(page, 3);
  await expect(page.getByRole('region', { name: 'Comentário' })).toBeVisible();
  // Nothing was written for it: the day's allowance is whole.
  expect(await todayTokens(page)).toEqual({ input: 80_000, output: 40_000 });

  const input = page.getByLabel('Sua pergunta sobre a questão');
  await input.fill('Por que esta é a resposta?');
  await input.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByRole('listitem').nth(1)).toContainText(
    plain(commentOf(3).alternativas[keyOf(3)]!),
  );
  // It invents no example, so it does not suggest one; asked beyond the comment, it says so.
  const suggestions = page.getByRole('group', { name: 'Sugestões de pergunta' });
  await expect(suggestions.getByRole('button')).toHaveText([
    `Por que a ${keyOf(3)} está correta?`,
    'Explique de outro jeito',
    'Qual a regra/lei envolvida?',
  ]);
  await input.fill('E se a soma fosse 150, qual seria o maior número?');
  await input.press('Enter');
  // The turns themselves, not the lists inside a reply.
  const turns = conversation.locator(':scope > li');
  await expect(turns).toHaveCount(4);
  const notFound = turns.nth(3);
  await expect(notFound).toContainText(
    'Não encontrei isso no comentário desta questão. Ele não fala de 150.',
  );
  await expect(notFound).toContainText('Posso responder, a partir do comentário:');
  await expect(notFound).not.toContainText(`Por que a ${keyOf(3)} está errada?`);
  await shoot(page, 'tutor-chat-1280-light');

  await page.goto('/conteudo-didatico?disciplina=matematica');
  const subjects = page.getByRole('list', { name: 'Assuntos da disciplina' });
  await subjects
    .getByRole('button', { name: /^Estudar este assunto:/ })
    .first()
    .click();
  await expect(page).toHaveURL(/estudo=1/);
  const study = page.getByRole('region', { name: 'Conteúdo didático do tutor offline' });
  // The offline tutor would write the same text again: nothing to regenerate.
  await expect(study.getByRole('button', { name: 'Gerar novamente' })).toHaveCount(0);
  await shoot(page, 'tutor-study-text-1280-light');
});

test('a free account is shown what the tutor offers and invited to the plans, with the way back', async ({
  page,
}) => {
  await signedInAccount(page.request, { email: uniqueEmail('livre-ia') });
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_6`);
  const letter = keyOf(6);
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  // Nothing to type into: the chat says what it offers.
  const chat = page.getByRole('region', { name: 'Perguntas ao tutor offline' });
  await expect(chat).toContainText('Disponível no Premium ou com um pacote de tokens');
  await expect(chat.getByRole('textbox')).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Comentário' })
    .getByRole('link', { name: 'Ver planos' })
    .click();
  await expect(page).toHaveURL(/\/assinatura$/);
  // No 'limit reached' for an account that never had an allowance.
  await expect(page.getByText('Seu limite de uso da Inteligência Artificial')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar para a questão' })).toBeVisible();
});

test('a free account with a package uses the tutor, and the package drains', async ({ page }) => {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('pacote-ia') });
  runOperatorCommand('user:grant-tokens', email, '1');
  await openAndCheck(page, 7);
  const counter = page.getByRole('region', { name: 'Contador de tokens' });
  await expect(counter).not.toContainText('Hoje:');
  // The package opens the comment's reasons too.
  await expect(page.getByRole('region', { name: 'Comentário' })).toContainText(
    plain(commentOf(7).alternativas[keyOf(7)]!),
  );
  const input = page.getByLabel('Sua pergunta sobre a questão');
  await input.fill('Qual é a regra da sequência?');
  await input.press('Enter');
  await expect
    .poll(async () => counter.innerText())
    .toMatch(/Pacote: (?!80\.000 de entrada)[\d.]+ de entrada/);
});

test('tokens running out mid-study lead to the plans with the AI warning', async ({ page }) => {
  await premium(page, 'cota');
  await page.route('**/api/questions/*/chat', (route) =>
    route.fulfill({
      status: 402,
      json: {
        error: {
          code: 'limit/ai',
          message:
            'Seu limite de uso da Inteligência Artificial foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
        },
      },
    }),
  );
  await openAndCheck(page, 8);
  const input = page.getByLabel('Sua pergunta sobre a questão');
  await input.fill('Por que esta é a resposta?');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/assinatura\?motivo=ai_limit/);
});

/* A question the team has not commented: one of an exam no other spec reads. */
const UNCOMMENTED_EXAM = 'etfsc_2015_professor_sociologia_prova';
const UNCOMMENTED_NUMBER = 4;
const UNCOMMENTED = `${UNCOMMENTED_EXAM}_${UNCOMMENTED_NUMBER}`;
const uncommentedKey = (
  JSON.parse(
    fs.readFileSync(path.join('content/sample/provas', `${UNCOMMENTED_EXAM}.json`), 'utf8'),
  ) as { questoes: Record<string, { gabarito: string }> }
).questoes[String(UNCOMMENTED_NUMBER)]!.gabarito;

test.describe('a question without the team’s comment', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright }) => {
    await takeCommentOff(playwright, UNCOMMENTED);
  });

  async function openUncommented(page: Page) {
    await page.goto(`/questoes?prova=${UNCOMMENTED_EXAM}&q=${UNCOMMENTED}`);
    const wrong = uncommentedKey === 'A' ? 'B' : 'A';
    await page
      .locator('label')
      .filter({ has: page.locator(`input[type="radio"][value="${wrong}"]`) })
      .click();
    await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
    const section = page.getByRole('region', { name: 'Comentário' });
    await expect(section).toContainText('Esta questão ainda não tem comentário da equipe.');
    await expect(section).toContainText(`Gabarito oficial: ${uncommentedKey}`);
    // The crowd's answers go with the key (this one has too few answers to show them).
    await expect(section).toContainText('As estatísticas de respostas aparecem quando');
    await expect(page.getByRole('region', { name: 'Perguntas ao tutor offline' })).toBeVisible();
    // Nothing offers or shows an explanation the offline tutor could not give.
    await expect(page.getByRole('region', { name: 'Explicação do tutor offline' })).toHaveCount(0);
    await expect(page.getByText(/Você pode pedir uma explicação/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ver a explicação' })).toHaveCount(0);
    return section;
  }

  async function everyScreen(page: Page, name: string) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        const section = page.getByRole('region', { name: 'Comentário' });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `e2e/.artifacts/screenshots/${name}-${viewport.width}-${colorScheme}.png`,
        });
        await expectAccessible(page, `${name}, ${viewport.width}px ${colorScheme}`);
      }
    }
  }

  test('a free account reads that there is no comment, and asks the team for one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAccount(page.request, { email: uniqueEmail('sem-comentario-livre') });
    const section = await openUncommented(page);
    await everyScreen(page, 'no-comment-free');

    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByRole('button', { name: 'Reportar falta de comentário' }).click();
    await expect(section.getByRole('status')).toContainText(
      'Pedido enviado! A equipe vai comentar esta questão',
    );
    // The report dialog offers the same, and no error in a comment the question does not have.
    await page.getByRole('button', { name: 'Reportar erro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar erro na questão' });
    await expect(dialog.getByRole('radio', { name: 'Falta de comentário da equipe' })).toHaveCount(
      1,
    );
    await expect(dialog.getByRole('radio', { name: 'Erro no comentário da equipe' })).toHaveCount(
      0,
    );
    await page.goto('/conta');
    await expect(page.getByRole('region', { name: 'Meus reportes' })).toContainText(
      'Falta de comentário da equipe',
    );
  });

  test('Premium reads the same, without an explanation that would only restate the key', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await premium(page, 'sem-comentario-premium');
    await openUncommented(page);
    await everyScreen(page, 'no-comment-premium');
  });
});

test('the report dialog offers an error in the team’s comment once it has been read', async ({
  page,
}) => {
  await signedInAccount(page.request, { email: uniqueEmail('erro-comentario') });
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_5`);
  await page.getByRole('button', { name: 'Reportar erro' }).click();
  const before = page.getByRole('dialog', { name: 'Reportar erro na questão' });
  // Before the check the comment is unseen: neither of its types.
  await expect(before.getByRole('radio', { name: /comentário da equipe/ })).toHaveCount(0);
  await before.getByRole('button', { name: 'Cancelar' }).click();
  await openAndCheck(page, 5);
  await page.getByRole('button', { name: 'Reportar erro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar erro na questão' });
  await dialog.getByRole('radio', { name: 'Erro no comentário da equipe' }).check({ force: true });
  await dialog
    .getByLabel(/Descreva o problema/)
    .fill('O comentário da alternativa C cita a regra de outra sequência.');
  await expect(dialog.getByRole('radio', { name: 'Falta de comentário da equipe' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/report-comment-type-1280-light.png' });
  await expectAccessible(page, 'reporte de erro no comentário');
  await dialog.getByRole('button', { name: 'Enviar relatório' }).click();
  await expect(
    dialog.getByText('Erro reportado com sucesso! Agradecemos sua contribuição.'),
  ).toBeVisible();
});
