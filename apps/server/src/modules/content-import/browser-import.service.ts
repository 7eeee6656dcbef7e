import { countLabel } from '@gabarita/shared';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { ContentCheck } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { contentUploadErrors } from '@/lib/app-errors';
import { actorOf, recordAudit } from '@/modules/audit';
import {
  ContentProblemsError,
  createContentImportService,
  type ImportOptions,
} from './content-import.service';
import { makeUploadFolder, removeAbandonedUploadFolders } from './upload-folders';
import { unpackCatalogZip } from './zip-catalog';

export type UploadOptions = Pick<
  ImportOptions,
  'acceptDrafts' | 'overwriteEdits' | 'renameDisciplines' | 'allowRemovals'
>;

/**
 * Import from the browser (docs/content-format.md, "Import from the browser"): the uploaded .zip
 * is unpacked into a folder of its own, then goes through the same importer as the command, with
 * the same checks and messages; the folder is removed whatever happens. Nothing is kept between
 * the check and the import: the browser sends the file again, so any instance can take either.
 */
export interface ReceivedCatalog {
  /** The folder holding disciplinas.json. */
  dir: string;
  /** The uploaded file's name, as messages name the catalogue. */
  label: string;
  /** Removes the unpacked files; called once the check or the import is over. */
  discard(): Promise<void>;
}

export function createBrowserImportService(db: Database) {
  const importer = createContentImportService(db);

  return {
    /** The upload folders of servers that stopped in the middle of an import (upload-folders.ts). */
    removeAbandonedUploads: removeAbandonedUploadFolders,

    /** Receives the whole upload and unpacks it, before anything is answered. */
    async receive(file: MultipartFile): Promise<ReceivedCatalog> {
      if (!/\.zip$/i.test(file.filename)) {
        file.file.resume();
        throw contentUploadErrors.notZip();
      }
      const work = await makeUploadFolder();
      // With its own folder, those of servers killed in the middle of an import go too.
      const discard = async () => {
        await fs.promises.rm(work, { recursive: true, force: true });
        await removeAbandonedUploadFolders().catch(() => 0);
      };
      try {
        const zipPath = path.join(work, 'catalogo.zip');
        await pipeline(file.file, fs.createWriteStream(zipPath));
        if (file.file.truncated) throw contentUploadErrors.tooLarge();
        const dir = await unpackCatalogZip(zipPath, path.join(work, 'catalogo'));
        return { dir, label: file.filename, discard };
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /** `--check` of the uploaded catalogue: the summary, or every problem by file. */
    async check(catalog: ReceivedCatalog, options: UploadOptions): Promise<ContentCheck> {
      try {
        const result = await importer.importContent(catalog.dir, undefined, {
          ...options,
          check: true,
          label: catalog.label,
          uploaded: true,
        });
        return {
          ok: true,
          lines: result.lines,
          problems: [],
          // What the import would retire, for the page's confirmation.
          ...(result.removals.length > 0 && {
            removals: result.removals.map((removal) => ({
              examId: removal.examId,
              numbers: removal.questions.map((question) => question.number),
              answeredBy: removal.answeredBy,
            })),
          }),
        };
      } catch (error) {
        if (!(error instanceof ContentProblemsError)) throw error;
        return { ok: false, lines: [error.message], problems: error.problems };
      }
    },

    /**
     * The import itself, its progress reported line by line, and recorded in the audit log in the
     * import's own transaction.
     */
    async run(
      editor: UserRow,
      catalog: ReceivedCatalog,
      options: UploadOptions,
      progress: (line: string) => void,
    ) {
      const result = await importer.importContent(catalog.dir, progress, {
        ...options,
        label: catalog.label,
        uploaded: true,
        record: (tx, imported) =>
          recordAudit(tx, actorOf(editor), {
            action: 'content.import',
            target: null,
            summary:
              `Importação pelo navegador de ${catalog.label}: ${countLabel(imported.exams, 'prova', 'provas')}, ${countLabel(imported.questions, 'questão', 'questões')}` +
              (imported.retired > 0
                ? `; ${countLabel(imported.retired, 'questão retirada', 'questões retiradas')} do catálogo`
                : '') +
              (imported.restored > 0
                ? `; ${countLabel(imported.restored, 'questão', 'questões')} de volta ao catálogo`
                : ''),
            details: {
              file: catalog.label,
              ...options,
              retired: imported.retired,
              restored: imported.restored,
              retiredQuestions: imported.removals.flatMap((removal) =>
                removal.questions.map((question) => question.id),
              ),
            },
          }),
      });
      return result.lines;
    },
  };
}

export type BrowserImportService = ReturnType<typeof createBrowserImportService>;
