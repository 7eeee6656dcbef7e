import path from 'node:path';
import { IMAGE_REPLACE_MESSAGES } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { editorErrors } from '@/lib/app-errors';
import { actorOf, recordAudit } from '@/modules/audit';
import { recordCatalogChange, findImage } from '@/modules/catalog';
import {
  IMAGE_TYPES,
  upsertImages,
  checkImagesInWorkers,
  ProblemList,
} from '@/modules/content-import';

/**
 * Replaces an image of the catalogue by a new file, with the importer's checks (format against the
 * extension, size, dimensions, SVG sanitizing) and its preparation for the page; every question
 * that shows it shows the new one, at a new versioned address.
 */
export function createImageReplacementService(db: Database) {
  return {
    async replace(editor: UserRow, assetId: string, file: { filename: string; content: Buffer }) {
      if (!(await findImage(db, assetId))) throw editorErrors.imageNotFound();
      const extension = path.extname(file.filename).toLowerCase();
      const contentType = IMAGE_TYPES[extension];
      if (!contentType) throw editorErrors.imageInvalid(IMAGE_REPLACE_MESSAGES.unsupported);
      const problems = new ProblemList();
      const [prepared] = await checkImagesInWorkers(
        [{ file: file.filename, assetId, contentType, content: file.content }],
        problems,
        { prepare: true },
      );
      if (!prepared || problems.size > 0) {
        throw editorErrors.imageInvalid(
          problems.items.map((problem) => problem.message).join('; '),
        );
      }
      await inTransaction(db, async (tx) => {
        await upsertImages(tx, [prepared], async () => undefined);
        await recordAudit(tx, actorOf(editor), {
          action: 'image.replace',
          target: assetId,
          summary: `Imagem ${assetId} substituída por ${file.filename}`,
          details: { version: prepared.version, contentType },
        });
        await recordCatalogChange(tx);
      });
      return { message: IMAGE_REPLACE_MESSAGES.replaced(assetId), version: prepared.version };
    },
  };
}

export type ImageReplacementService = ReturnType<typeof createImageReplacementService>;
