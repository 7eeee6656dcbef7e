import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { contentUploadErrors } from '@/lib/app-errors';

/** What a catalogue can hold: generous for real exams, far below what would hurt the server. */
export const ZIP_LIMITS = {
  entries: 20_000,
  /** Per file: the importer refuses images over 10 MB, and exam files are far smaller. */
  entryBytes: 20 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  /** Uncompressed / compressed beyond this, for a file of some size, is a bomb, not a catalogue. */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;

/** Files some systems add to archives; never part of a catalogue. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/;

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(contentUploadErrors.damaged()) : resolve(zip)),
    ),
  );
}

/** A relative path that stays inside the target folder, or null. */
function safeName(name: string): string | null {
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\')) return null;
  const parts = name.split('/').filter((part) => part !== '');
  if (parts.some((part) => part === '..' || part === '.')) return null;
  return parts.join('/');
}

/**
 * Unpacks an uploaded catalogue into `target` and returns the folder that holds `disciplinas.json`:
 * the root, or the one folder the archive wraps it in. Refuses, before writing anything of it, a
 * path that would leave the folder; and while unpacking, too many files, a file or a total too
 * large, or a suspicious compression ratio (a zip bomb), each with its own message.
 */
export async function unpackCatalogZip(zipPath: string, target: string): Promise<string> {
  const zip = await openZip(zipPath);
  let entries = 0;
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error);
    };
    zip.on('error', (error: Error) => {
      // yauzl checks every name before it reaches us: a path out of the folder is its refusal.
      const unsafe =
        /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(
          error.message,
        );
      fail(unsafe ? contentUploadErrors.unsafePath(unsafe[1]!) : contentUploadErrors.damaged());
    });
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const name = safeName(entry.fileName);
        if (name === null) throw contentUploadErrors.unsafePath(entry.fileName);
        if (entry.fileName.endsWith('/') || JUNK.test(name)) return;
        entries += 1;
        if (entries > ZIP_LIMITS.entries)
          throw contentUploadErrors.tooManyEntries(ZIP_LIMITS.entries);
        if (entry.uncompressedSize > ZIP_LIMITS.entryBytes)
          throw contentUploadErrors.entryTooLarge(name);
        if (
          entry.uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
          entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.ratio
        ) {
          throw contentUploadErrors.bomb(name);
        }
        total += entry.uncompressedSize;
        if (total > ZIP_LIMITS.totalBytes) throw contentUploadErrors.tooLargeUncompressed();
        const destination = path.join(target, name);
        await fs.promises.mkdir(path.dirname(destination), { recursive: true });
        const stream = await new Promise<NodeJS.ReadableStream>((done, failed) =>
          zip.openReadStream(entry, (error, opened) =>
            error ? failed(contentUploadErrors.damaged()) : done(opened),
          ),
        );
        // The sizes were checked as declared; yauzl also stops a stream that outgrows them.
        await pipeline(stream, fs.createWriteStream(destination)).catch(() => {
          throw contentUploadErrors.damaged();
        });
      })().then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
  return catalogRoot(target);
}

function catalogRoot(target: string): string {
  if (fs.existsSync(path.join(target, 'disciplinas.json'))) return target;
  const top = fs.existsSync(target) ? fs.readdirSync(target, { withFileTypes: true }) : [];
  if (top.length === 1 && top[0]!.isDirectory()) {
    const inner = path.join(target, top[0]!.name);
    if (fs.existsSync(path.join(inner, 'disciplinas.json'))) return inner;
  }
  throw contentUploadErrors.wrongLayout();
}
