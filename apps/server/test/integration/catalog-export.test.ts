import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, images, questions, referenceTexts } from '@/db/schema';
import { exportExams } from '@/modules/content-import/export/catalog-export';
import { readContentFolder } from '@/modules/content-import/content-files';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { validateContent } from '@/modules/content-import/validate-content';
import { FORMAT_2_EXAMPLE, MINI_CATALOG } from '../helpers/content';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

async function validCatalog(dir: string) {
  const { problems, catalog } = await validateContent(await readContentFolder(dir));
  expect(problems).toEqual([]);
  return catalog;
}

/** What an import decides, without the file's format version. */
function examsOf(catalog: Awaited<ReturnType<typeof validCatalog>>) {
  return catalog.exams
    .map(({ version: _version, ...exam }) => exam)
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe('catalogue export', () => {
  let database: TestDatabase;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-export-'));
  beforeAll(async () => {
    database = await createTestDatabase();
    const importer = createContentImportService(database.db);
    await importer.importContent(MINI_CATALOG);
    await importer.importContent(FORMAT_2_EXAMPLE);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('writes exams that validate and import to exactly what is stored (formats 1 and 2)', async () => {
    const source = [
      ...(await validCatalog(MINI_CATALOG)).exams,
      ...(await validCatalog(FORMAT_2_EXAMPLE)).exams,
    ];
    const ids = source.map((exam) => exam.id).sort();
    const dir = path.join(out, 'todas');
    // An unknown id: nothing is written.
    const refused = await exportExams(database.db, dir, [...ids, 'nao_existe_prova']);
    expect(refused).toEqual({ exported: [], unknown: ['nao_existe_prova'] });
    expect(fs.existsSync(dir)).toBe(false);

    const { exported, unknown } = await exportExams(database.db, dir, ids);
    expect(unknown).toEqual([]);
    expect(exported.map(({ file }) => file.id)).toEqual(ids);

    const written = await validCatalog(dir);
    expect(examsOf(written)).toEqual(examsOf({ ...written, exams: source }));
    // Every image the exams use; rasters byte for byte as they came (SVGs are stored sanitized,
    // and the re-import below shows the sanitized file is stable).
    const originals = new Map([
      ...(await readContentFolder(MINI_CATALOG)).images,
      ...(await readContentFolder(FORMAT_2_EXAMPLE)).images,
    ]);
    expect(written.images.map((image) => image.assetId).sort()).toEqual(
      [...originals.keys()].sort(),
    );
    for (const image of written.images.filter((i) => i.contentType !== 'image/svg+xml')) {
      expect(image.content.equals(originals.get(image.assetId)!.content)).toBe(true);
    }

    // Importing the export again changes nothing that is stored.
    const snapshot = async () => ({
      exams: (await database.db.select().from(exams)).map(({ updatedAt: _u, ...exam }) => exam),
      questions: await database.db.select().from(questions),
      texts: await database.db.select().from(referenceTexts),
      images: await database.db.select().from(images),
    });
    const before = await snapshot();
    await createContentImportService(database.db).importContent(dir);
    const after = await snapshot();
    const byId = <T extends { id: string }>(rows: T[]) =>
      [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(after.exams)).toEqual(byId(before.exams));
    expect(byId(after.questions)).toEqual(byId(before.questions));
    expect(after.texts.length).toBe(before.texts.length);
    expect(after.images.map((i) => [i.assetId, i.version]).sort()).toEqual(
      before.images.map((i) => [i.assetId, i.version]).sort(),
    );
  });

  it('never writes over files: a folder with anything in it is refused', async () => {
    const dir = path.join(out, 'ocupada');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'revisado.json'), '{}');
    await expect(exportExams(database.db, dir, ['alfa_2017_prova'])).rejects.toThrow(
      `A pasta de saída ${dir} não está vazia`,
    );
    expect(fs.readdirSync(dir)).toEqual(['revisado.json']);
  });
});
