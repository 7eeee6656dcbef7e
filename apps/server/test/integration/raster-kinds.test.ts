import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { editedCatalog, RASTER_KINDS_EXAMPLE } from '../helpers/content';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('rasters sized by their kind', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('keeps a scan readable on a phone and lets an emblem fit the column, and says so', async () => {
    const imported = await createContentImportService(testApp.database.db).importContent(
      RASTER_KINDS_EXAMPLE,
    );
    expect(imported.lines).toContain(
      'Classificação das imagens (PNG, JPEG, WebP, GIF): 1 imagem de texto (digitalizações, tabelas, gráficos), com largura mínima legível no celular; 1 foto ou ilustração (logotipos incluídos), que cabe na coluna.',
    );
    const rows = await testApp.database.db
      .select({
        assetId: images.assetId,
        width: images.width,
        height: images.height,
        minWidth: images.minWidth,
        zoomContentType: images.zoomContentType,
      })
      .from(images)
      .where(inArray(images.assetId, ['fig_digitalizacao_texto', 'fig_emblema']))
      .orderBy(images.assetId);
    expect(rows).toEqual([
      // 1,800 px wide: re-encoded to 1,600 for the page, the original kept for zoom; its text keeps
      // 60% of its width, at most 720 px.
      {
        assetId: 'fig_digitalizacao_texto',
        width: 1600,
        height: 1298,
        minWidth: 720,
        zoomContentType: 'image/jpeg',
      },
      { assetId: 'fig_emblema', width: 1346, height: 750, minWidth: null, zoomContentType: null },
    ]);
  });

  it('says how many images no exam uses, in agreement with their number', async () => {
    const emblem = fs.readFileSync(path.join(RASTER_KINDS_EXAMPLE, 'imagens/fig_emblema.png'));
    const lines: string[] = [];
    const dir = editedCatalog((catalog) => {
      catalog.writeFile('imagens/sobra_1.png', emblem);
      catalog.writeFile('imagens/sobra_2.png', emblem);
    }, RASTER_KINDS_EXAMPLE);
    await createContentImportService(testApp.database.db).importContent(
      dir,
      (line) => lines.push(line),
      { check: true },
    );
    expect(lines).toContain(
      'Aviso: 2 imagens não usadas por nenhuma prova (não serão importadas).',
    );
  });
});
