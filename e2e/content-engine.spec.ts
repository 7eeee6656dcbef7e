import type { Cookie, Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/accessibility';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test } from './support/fixtures';
import { runOperatorCommandIn } from './support/operator';

/*
 * What printed exams bring: a wide table scan, formulas inside a sentence, the zoom of a small and
 * of a large figure, and an ENEM-style exam with a language option. On a server of its own: the
 * example catalogues add exams that other specs count.
 */
const FIGURES = 'exemplo_2024_figuras_prova';
const ENEM = 'exemplo_enem_2023_prova';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The whole page, or only the window when a full-screen dialog covers it. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage });
}

test.describe('printed-exam content', () => {
  test.describe.configure({ mode: 'serial' });

  let server: AppServer;
  let student: Cookie[];

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startAppServer({ SMTP_URL: process.env.E2E_SMTP_URL! });
    runOperatorCommandIn(server.dataDir, 'content:import', 'content/examples/figuras');
    runOperatorCommandIn(server.dataDir, 'content:import', 'content/examples/enem');
    const context = await playwright.request.newContext();
    await signedInAccount(context, { email: uniqueEmail('figuras'), origin: server.url });
    student = (await context.storageState()).cookies;
    await context.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const open = async (page: Page, number: number) => {
    await page.context().clearCookies();
    await page.context().addCookies(student);
    await page.goto(`${server.url}/questoes?prova=${FIGURES}&q=${FIGURES}_${number}`);
    await expect(page.getByRole('heading', { level: 1, name: `Questão ${number}` })).toBeVisible();
    return page.getByRole('region', { name: 'Enunciado' });
  };

  test('a wide table scan keeps a readable width and scrolls sideways on a phone', async ({
    page,
  }) => {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        const statement = await open(page, 1);
        const opener = statement.getByRole('button', {
          name: /^Ampliar figura: Tabela de matrículas/,
        });
        await expect(opener).toBeVisible();
        const drawn = (await opener.boundingBox())!;
        // 1014 px scan: never below 60% of its width, so its 19 px text stays above 11 px.
        expect(drawn.width).toBeGreaterThanOrEqual(Math.ceil(1014 * 0.6) - 1);
        if (viewport.width === 390) {
          const scroller = statement.getByRole('region', { name: /^Figura com rolagem lateral/ });
          await expect(scroller).toBeVisible();
          await expect(statement.getByText('Deslize para ver a figura inteira')).toBeVisible();
        }
        await shoot(page, `content-table-scan-${viewport.width}-${colorScheme}`);
        await expectAccessible(page, `tabela digitalizada, ${viewport.width}px ${colorScheme}`);
      }
    }
  });

  test('formulas inside a sentence keep their own height, a tall one leaving the line', async ({
    page,
  }) => {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        const statement = await open(page, 2);
        const paragraph = statement.locator('p').first();
        const fontSize = await paragraph.evaluate((element) =>
          parseFloat(getComputedStyle(element).fontSize),
        );
        const column = (await paragraph.boundingBox())!;
        for (const { name, natural } of [
          { name: /^Ampliar figura: Delta igual/, natural: [184, 40] },
          { name: /^Ampliar figura: x igual/, natural: [170, 58] },
        ] as const) {
          const button = statement.getByRole('button', { name });
          const box = (await button.locator('img').boundingBox())!;
          // Its own height, never shrunk to the line; the line holds it up to 2.5em.
          expect(box.height).toBeCloseTo(natural[1], 0);
          expect(box.width / box.height).toBeCloseTo(natural[0] / natural[1], 1);
          expect((await button.boundingBox())!.width).toBeGreaterThanOrEqual(box.width - 0.5);
          const display = await button.evaluate((element) => getComputedStyle(element).display);
          if (natural[1] > fontSize * 2.5) {
            // Taller: a small block of its own, centred in the column.
            expect(display).toBe('block');
            const centre = box.x + box.width / 2;
            expect(Math.abs(centre - (column.x + column.width / 2))).toBeLessThanOrEqual(1);
          } else {
            expect(display).toBe('inline-block');
          }
        }
        await shoot(page, `content-inline-formulas-${viewport.width}-${colorScheme}`);
        await expectAccessible(page, `fórmulas na linha, ${viewport.width}px ${colorScheme}`);
      }
    }
  });

  for (const { number, name, label, natural } of [
    { number: 3, name: /^Ampliar figura: Sinal de integral/, label: 'small', natural: [17, 33] },
    { number: 4, name: /^Ampliar figura: Gráfico de barras/, label: 'large', natural: [423, 358] },
  ] as const) {
    test(`the zoom of a ${label} figure opens whole, without blurring it`, async ({ page }) => {
      for (const viewport of VIEWPORTS) {
        for (const colorScheme of SCHEMES) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          const statement = await open(page, number);
          await statement.getByRole('button', { name }).click();
          const dialog = page.getByRole('dialog', { name: 'Figura ampliada' });
          await expect(dialog).toBeVisible();
          const image = dialog.locator('img');
          await expect(image).toBeVisible();
          const box = (await image.boundingBox())!;
          // Whole inside the window, never cut at the bottom.
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          // A small symbol is not blown up to the window's height.
          if (label === 'small') expect(box.height).toBeLessThanOrEqual(natural[1] * 8);
          await shoot(page, `content-zoom-${label}-${viewport.width}-${colorScheme}`, {
            fullPage: false,
          });
          await expectAccessible(page, `zoom ${label}, ${viewport.width}px ${colorScheme}`);
          // '100%' is the image's own size.
          await page.keyboard.press('1');
          await expect(dialog.getByText('100%', { exact: true })).toBeVisible();
          await expect
            .poll(async () => Math.round((await image.boundingBox())!.width))
            .toBe(natural[0]);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      }
    });
  }

  test('an ENEM-style exam asks for the language option, then shows only that block', async ({
    page,
  }) => {
    // Six pages photographed and checked with axe: about 40 s on a busy two-core machine.
    test.setTimeout(120_000);
    await page.context().clearCookies();
    await page.context().addCookies(student);
    // The exam list filters by kind, and names the exam by it.
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(server.url);
    const kind = page.getByRole('combobox', { name: 'Tipo' });
    await kind.click();
    await kind.fill('ENEM');
    await kind.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Questões do ENEM' })).toBeVisible();
    await expect(page.getByText('1 prova encontrada')).toBeVisible();
    await shoot(page, 'content-enem-exam-list-1280-light');
    await expectAccessible(page, 'lista filtrada por tipo');

    await page.goto(`${server.url}/prova-dashboard?prova=${ENEM}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ENEM 2023 · INEP' })).toBeVisible();
    // The menu keeps its name ('Questões de concurso'); the exam's page never calls it one.
    await expect(page.getByRole('main').getByText(/concurso/i)).toHaveCount(0);
    const choice = page.getByRole('group', { name: 'Qual opção você vai fazer?' });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Questões da prova' })).toHaveCount(0);
    await shoot(page, 'content-enem-option-choice-1280-light');
    await expectAccessible(page, 'escolha da opção');
    await choice.getByRole('radio', { name: 'Espanhol' }).check();
    await page.getByRole('button', { name: 'Confirmar opção' }).click();
    await expect(page.getByText('Sua opção: Espanhol')).toBeVisible();

    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(`${server.url}/prova-dashboard?prova=${ENEM}`);
        const tiles = page.getByRole('list', { name: 'Questões da prova' }).getByRole('listitem');
        // 8 common questions and the 3 of the chosen block.
        await expect(tiles).toHaveCount(11);
        await expect(page.getByText('Sua opção: Espanhol')).toBeVisible();
        await shoot(page, `content-enem-option-chosen-${viewport.width}-${colorScheme}`);
        await expectAccessible(page, `ENEM com opção, ${viewport.width}px ${colorScheme}`);
      }
    }
    await page.goto(`${server.url}/questoes?prova=${ENEM}&q=${ENEM}_espanhol_1`);
    await expect(page.getByText('Opção: Espanhol')).toBeVisible();
    await expect(page.getByText('1 / 11').first()).toBeVisible();
    await shoot(page, 'content-enem-block-question-390-dark');
  });
});
