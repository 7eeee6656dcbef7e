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
  /**
   * Uncompressed / compressed beyond this, for a file or for the whole archive past the floor, is
   * a bomb, not a catalogue (exam files compress about tenfold, images hardly at all).
   */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;

/**
 * Entries of any kind the central directory may list: the files above, their folders and the
 * junk some systems add beside each file. Past this, the listing alone would cost memory.
 */
const MAX_LISTED_ENTRIES = ZIP_LIMITS.entries * 3;

/** Files some systems add to archives; never part of a catalogue. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/;

const CLASHES = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/** Unix file type bits of an entry's external attributes: a symbolic link. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
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

const isSymlink = (entry: yauzl.Entry) =>
  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** The folders a path lies in: "a/b/c.json" is in "a" and "a/b". */
function foldersOf(name: string): string[] {
  const parts = name.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** The files to write and what they add up to, read from the central directory alone. */
interface Listing {
  files: { name: string; entry: yauzl.Entry }[];
  bytes: number;
  compressedBytes: number;
}

/**
 * Reads the archive's central directory, without unpacking anything, and refuses there: a path
 * that leaves the folder or a symbolic link, too many files, a file too large or expanding
 * suspiciously, and a path that is both a file and a folder (or is there twice), which could not
 * be written as the archive says.
 */
function listEntries(zip: yauzl.ZipFile): Promise<Listing> {
  const listing: Listing = { files: [], bytes: 0, compressedBytes: 0 };
  const fileNames = new Set<string>();
  const folderNames = new Set<string>();
  /** A folder may be listed any number of times, but never also be a file. */
  const addFolder = (folder: string) => {
    if (fileNames.has(folder)) throw contentUploadErrors.conflictingPaths(folder);
    folderNames.add(folder);
  };

  const take = (entry: yauzl.Entry) => {
    const name = safeName(entry.fileName);
    if (name === null || isSymlink(entry)) throw contentUploadErrors.unsafePath(entry.fileName);
    if (name === '' || JUNK.test(name)) return;
    if (entry.fileName.endsWith('/')) {
      for (const folder of [...foldersOf(name), name]) addFolder(folder);
      return;
    }
    if (listing.files.length >= ZIP_LIMITS.entries) {
      throw contentUploadErrors.tooManyEntries(ZIP_LIMITS.entries);
    }
    if (entry.uncompressedSize > ZIP_LIMITS.entryBytes) {
      throw contentUploadErrors.entryTooLarge(name);
    }
    if (
      entry.uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.ratio
    ) {
      throw contentUploadErrors.bomb(name);
    }
    for (const folder of foldersOf(name)) addFolder(folder);
    if (fileNames.has(name) || folderNames.has(name)) {
      throw contentUploadErrors.conflictingPaths(name);
    }
    fileNames.add(name);
    listing.files.push({ name, entry });
    listing.bytes += entry.uncompressedSize;
    listing.compressedBytes += entry.compressedSize;
  };

  return new Promise((resolve, reject) => {
    if (zip.entryCount > MAX_LISTED_ENTRIES) {
      reject(contentUploadErrors.tooManyEntries(ZIP_LIMITS.entries));
      return;
    }
    zip.on('error', (error: Error) => {
      // yauzl checks every name before it reaches us: a path out of the folder is its refusal.
      const unsafe =
        /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(
          error.message,
        );
      reject(unsafe ? contentUploadErrors.unsafePath(unsafe[1]!) : contentUploadErrors.damaged());
    });
    zip.on('end', () => resolve(listing));
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        take(entry);
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.readEntry();
  });
}

/**
 * Where `disciplinas.json` is: the root, or the one folder the archive wraps everything in; the
 * folder's path inside the archive ('' for the root).
 */
function catalogRoot(listing: Listing): string {
  const names = new Set(listing.files.map((file) => file.name));
  if (names.has('disciplinas.json')) return '';
  const tops = new Set(listing.files.map((file) => file.name.split('/')[0]!));
  const [top] = tops;
  if (tops.size === 1 && !names.has(top!) && names.has(`${top}/disciplinas.json`)) return top!;
  throw contentUploadErrors.wrongLayout();
}

/** The whole archive, judged from its listing before anything is written. */
function checkArchive(listing: Listing): string {
  if (listing.bytes > ZIP_LIMITS.totalBytes) throw contentUploadErrors.tooLargeUncompressed();
  if (
    listing.bytes > ZIP_LIMITS.ratioFloorBytes &&
    listing.bytes > listing.compressedBytes * ZIP_LIMITS.ratio
  ) {
    throw contentUploadErrors.archiveBomb();
  }
  return catalogRoot(listing);
}

async function writeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, destination: string) {
  const stream = await new Promise<NodeJS.ReadableStream>((done, failed) =>
    zip.openReadStream(entry, (error, opened) =>
      error ? failed(contentUploadErrors.damaged()) : done(opened),
    ),
  );
  // The sizes were checked as declared; yauzl also stops a stream that outgrows them. `wx`: a
  // file is never written over, whatever the listing missed.
  await pipeline(stream, fs.createWriteStream(destination, { flags: 'wx' })).catch(() => {
    throw contentUploadErrors.damaged();
  });
}

/**
 * Unpacks an uploaded catalogue into `target` and returns the folder that holds `disciplinas.json`:
 * the root, or the one folder the archive wraps it in. Everything that can be judged from the
 * central directory (paths, sizes, compression ratios, the layout) is judged before a byte is
 * written, each refusal with its own message.
 */
export async function unpackCatalogZip(zipPath: string, target: string): Promise<string> {
  const zip = await openZip(zipPath);
  try {
    const listing = await listEntries(zip);
    const root = checkArchive(listing);
    for (const { name, entry } of listing.files) {
      const destination = path.join(target, name);
      await fs.promises.mkdir(path.dirname(destination), { recursive: true }).catch((error) => {
        // A clash the listing could not see (a file system that folds case or accents).
        if (CLASHES.has((error as NodeJS.ErrnoException).code ?? '')) {
          throw contentUploadErrors.conflictingPaths(name);
        }
        throw error;
      });
      await writeEntry(zip, entry, destination);
    }
    return path.join(target, root);
  } finally {
    zip.close();
  }
}
