import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, images, questions } from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
  type ImportOptions,
} from '@/modules/content-import/content-import.service';
import { editedCatalog } from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const BETA = 'provas/beta_2015_prova.json';
const CHANGED = /^o arquivo mudou durante a importação, depois de verificado: nada foi gravado/;

/**
 * The import reads each exam file (and image) once to check it and again to write it, keeping
 * nothing of the first reading but what the checks across files need: what it writes must be what
 * it checked, or nothing.
 */
describe('content import in two passes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  const db = () => database.db;
  const service = () => createContentImportService(db());
  const rows = async (table: typeof exams | typeof questions | typeof images) =>
    (await db().select().from(table)).length;

  /** Imports `dir`, running `between` once the check is over and before anything is written. */
  function importChangedBetween(dir: string, between: () => void, options: ImportOptions = {}) {
    return service()
      .importContent(
        dir,
        (line) => {
          if (line.startsWith('Validado em')) between();
        },
        options,
      )
      .then(
        () => null,
        (caught: unknown) => caught,
      );
  }

  it('refuses an exam file changed after the check, and writes none of the folder', async () => {
    const dir = editedCatalog(() => undefined);
    const error = await importChangedBetween(dir, () => {
      const file = path.join(dir, BETA);
      const exam = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        questoes: Record<string, { questao: string }>;
      };
      exam.questoes['1']!.questao = 'Um enunciado escrito depois da verificação.';
      fs.writeFileSync(file, JSON.stringify(exam));
    });
    expect(error).toBeInstanceOf(ContentProblemsError);
    expect((error as ContentProblemsError).problems).toEqual([
      { file: BETA, path: '$', message: expect.stringMatching(CHANGED) },
    ]);
    expect((error as ContentProblemsError).message).toMatch(/^Nada foi importado: 1 problema/);
    // alfa comes before beta and was written in the same transaction: rolled back with it.
    expect(await rows(exams)).toBe(0);
    expect(await rows(questions)).toBe(0);
    expect(await rows(images)).toBe(0);
  });

  it('refuses an exam file removed after the check', async () => {
    const dir = editedCatalog(() => undefined);
    const error = await importChangedBetween(dir, () => fs.rmSync(path.join(dir, BETA)));
    expect((error as ContentProblemsError).problems).toEqual([
      { file: BETA, path: '$', message: expect.stringMatching(CHANGED) },
    ]);
    expect(await rows(exams)).toBe(0);
  });

  it('refuses an image changed after the check, and writes none of the folder', async () => {
    const dir = editedCatalog(() => undefined);
    const svg = path.join(dir, 'imagens/grafico.svg');
    const error = await importChangedBetween(dir, () =>
      fs.writeFileSync(
        svg,
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>',
      ),
    );
    expect((error as ContentProblemsError).problems).toEqual([
      { file: 'imagens/grafico.svg', path: '$', message: expect.stringMatching(CHANGED) },
    ]);
    expect(await rows(exams)).toBe(0);
    expect(await rows(images)).toBe(0);
  });

  it('keeps what is stored when a re-imported file changes after the check', async () => {
    const dir = editedCatalog(() => undefined);
    await service().importContent(dir);
    const statement = async () =>
      (await db().select().from(questions).where(eq(questions.id, 'beta_2015_prova_1')))[0]
        ?.statementHtml;
    const before = await statement();
    expect(before).toBeTruthy();

    const file = path.join(dir, BETA);
    const changed = fs.readFileSync(file, 'utf8').replace(/"questao":\s*"/, '"questao": "Novo: ');
    expect(changed).not.toBe(fs.readFileSync(file, 'utf8'));
    const error = await importChangedBetween(dir, () => fs.writeFileSync(file, changed));
    expect((error as ContentProblemsError).problems).toEqual([
      { file: BETA, path: '$', message: expect.stringMatching(CHANGED) },
    ]);
    expect(await statement()).toBe(before);

    // The same file, left alone this time, is written.
    await service().importContent(dir);
    expect(await statement()).toMatch(/^(<p>)?Novo: /);
  });
});
