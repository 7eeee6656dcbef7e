import { createEmptyCard, fsrs, type Rating } from 'ts-fsrs';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { check, wrongLetter } from './support/answers';
import { expect, test } from './support/fixtures';
import { shoot } from './support/screenshots';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommand } from './support/operator';

const MATEMATICA = 'cmva_2017_professor_matematica_prova';
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The São Paulo days from now to ts-fsrs's due for a new card rated `rating` now. */
function expectedDays(rating: Rating.Again | Rating.Hard | Rating.Good | Rating.Easy) {
  const scheduler = fsrs({
    request_retention: 0.9,
    enable_fuzz: false,
    learning_steps: ['1d'],
    relearning_steps: ['1d'],
  });
  const now = new Date();
  const due = scheduler.repeat(createEmptyCard(now), now)[rating].card.due;
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
  return Math.round((Date.parse(day(due)) - Date.parse(day(now))) / 86_400_000);
}

const label = (name: string, days: number) => `${name} · ${days === 1 ? '1 dia' : `${days} dias`}`;

test('review of the day: a card from a mistake, own cards, keys 1–4 with the intervals of ts-fsrs', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('revisao') });
  runOperatorCommand('user:grant-premium', email, '30');
  await check(page.request, `${MATEMATICA}_1`, wrongLetter(MATEMATICA, 1));

  // One tap in the notebook makes a card of the mistake.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/caderno-de-erros');
  await page.getByRole('button', { name: 'Criar cartão' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Cartão criado.' })).toBeVisible();

  // Three cards of one's own.
  await page.goto('/revisao-de-hoje');
  await expect(page.getByRole('heading', { level: 1, name: 'Revisão de hoje' })).toBeVisible();
  for (const n of [1, 2, 3]) {
    await page.getByLabel('Frente').fill(`Pergunta ${n}: quanto é ${n} + ${n}?`);
    await page.getByLabel('Verso').fill(`Resposta: ${2 * n}`);
    await page.getByRole('button', { name: 'Criar cartão' }).click();
    await expect(page.getByRole('list', { name: 'Cartões' }).getByRole('listitem')).toHaveCount(
      n + 1,
    );
  }
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByText('Itens para hoje')).toBeVisible();
  await expect(main.getByText('4', { exact: true })).toBeVisible();
  await expect(main.getByText('2 min', { exact: true })).toBeVisible();
  // The menu counts the same queue.
  await expect(
    page.getByRole('link', { name: /Revisão de hoje\s*4 itens para revisar hoje/ }),
  ).toBeVisible();
  // And so does the home page's card, which leads back here.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Revisões de hoje/ })).toContainText(
    '4 itens para revisar, cerca de 2 minutos',
  );
  await shoot(page, 'home-review-card-1280');
  await page.getByRole('link', { name: /Revisões de hoje/ }).click();
  await expect(page).toHaveURL(/\/revisao-de-hoje$/);

  const item = page.getByRole('region', { name: 'Item da revisão' });
  await expect(item).toContainText('1 de 4');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await shoot(page, `review-today-front-${viewport.width}`);
    await expectAccessible(page, `revisão de hoje, frente (${viewport.width})`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  const names = { 1: 'Errei', 2: 'Difícil', 3: 'Bom', 4: 'Fácil' } as const;
  for (const key of [1, 2, 3, 4] as const) {
    await expect(item).toContainText(`${key} de 4`);
    // Space shows the back; the buttons carry ts-fsrs's intervals for a new card, Bom chosen.
    await page.keyboard.press('Space');
    for (const rating of [1, 2, 3, 4] as const) {
      await expect(
        item.getByRole('button', { name: new RegExp(label(names[rating], expectedDays(rating))) }),
      ).toBeVisible();
    }
    await expect(item.getByRole('button', { name: /Bom ·/ })).toBeFocused();
    if (key === 1) {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await shoot(page, `review-today-back-${viewport.width}`);
        await expectAccessible(page, `revisão de hoje, verso (${viewport.width})`);
      }
      await page.setViewportSize(VIEWPORTS[0]);
    }
    await page.keyboard.press(String(key));
  }
  await expect(
    page.getByRole('status').filter({ hasText: 'Revisão de hoje concluída' }),
  ).toContainText('4 itens revisados');

  // On the server: four reviews, none due today any more (Errei brings its card back tomorrow).
  const today = await page.request.get('/api/me/review/today');
  expect((await today.json()).dueCount).toBe(0);
  const cards = (await (await page.request.get('/api/me/flashcards')).json()).items as {
    dueDay: string;
  }[];
  expect(cards).toHaveLength(4);
});
