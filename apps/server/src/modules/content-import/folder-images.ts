import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/db/client';
import { upsertImages } from './content-import.repo';
import type { ImageEntry, ImageFile } from './content-files';
import { checkImageOnDisk, checkImagesInWorkers } from './image-workers';
import type { PreparedImage } from './images';
import type { RasterKind } from './raster-kind';
import { changedSinceChecked, ContentProblemsError, type Problem, ProblemList } from './problems';

/*
 * A folder's images, read from disk a few at a time: when checked (the first pass, nothing kept but
 * each file's size and time) and again when written (prepared, then stored, a batch at a time), so
 * that no more than a few images' bytes are held at once, however many the catalogue has.
 */

/** Images read at once: enough to keep the image threads busy (at most four, image-workers.ts). */
const IMAGES_AT_ONCE = 8;
/**
 * Images checked at once: only their names and results pass through this thread (the image
 * threads read them), so enough for every thread to have its next files while this one is busy.
 */
const CHECKS_AT_ONCE = 32;

/** The image as it was when checked: the writing refuses one that changed since. */
export interface CheckedImage extends ImageEntry {
  size: number;
  modifiedMs: number;
}

async function readImage(root: string, entry: ImageEntry) {
  const where = path.join(root, entry.file);
  const stat = await fs.promises.stat(where);
  const content = await fs.promises.readFile(where);
  const file: ImageFile = { ...entry, content };
  return { file, size: content.length, modifiedMs: stat.mtimeMs };
}

/**
 * Starts checking every image of the folder (images.ts) in the image threads, while the exam files
 * are checked here; the function returned waits for the checks and gives the results of the images
 * the exams use, their problems reported in the files' order (an image no exam uses is not
 * reported). Returns the images without problems.
 */
export function checkFolderImagesAhead(
  root: string,
  entries: ImageEntry[],
  progress?: (line: string) => void,
): (used: ImageEntry[], problems: ProblemList) => Promise<CheckedImage[]> {
  const results = new Map<string, { problems: Problem[]; image: CheckedImage | null }>();
  let done = 0;
  const running = eachAtOnce(entries, CHECKS_AT_ONCE, async (entry) => {
    // Read in the image thread: its bytes never come here.
    const result = await checkImageOnDisk({ ...entry, path: path.join(root, entry.file) }, false);
    results.set(entry.file, {
      problems: result.problems,
      image: result.image && result.read ? { ...entry, ...result.read } : null,
    });
    done += 1;
    if (entries.length >= 20 && done % 20 === 0)
      progress?.(`  ${done}/${entries.length} imagens verificadas`);
  });
  // Awaited below; an import stopped before that leaves it to finish unheard.
  running.catch(() => undefined);
  return async (used, problems) => {
    await running;
    const checked: CheckedImage[] = [];
    for (const entry of used) {
      const result = results.get(entry.file);
      if (!result) continue;
      for (const problem of result.problems)
        problems.report(problem.file, problem.path, problem.message);
      if (result.image) checked.push(result.image);
    }
    return checked;
  };
}

/** `checkFolderImagesAhead` of the images the exams use, waited for at once. */
export async function checkFolderImages(
  root: string,
  entries: ImageEntry[],
  problems: ProblemList,
  progress?: (line: string) => void,
): Promise<CheckedImage[]> {
  return checkFolderImagesAhead(root, entries, progress)(entries, problems);
}

/**
 * Prepares each checked image again (re-encoding large rasters, images.ts) and writes it, a batch
 * at a time. An image that changed since it was checked stops the import.
 */
export async function writeFolderImages(
  tx: Database,
  root: string,
  list: CheckedImage[],
  options: { folder: string; pause: () => Promise<void> },
): Promise<Record<RasterKind, number>> {
  const kinds: Record<RasterKind, number> = { text: 0, picture: 0 };
  for (let start = 0; start < list.length; start += IMAGES_AT_ONCE) {
    const batch = list.slice(start, start + IMAGES_AT_ONCE);
    const prepared: PreparedImage[] = new Array<PreparedImage>(batch.length);
    await eachAtOnce(batch, IMAGES_AT_ONCE, async (checked, index) => {
      const changed = () => changedSinceChecked(checked.file, options.folder);
      const read = await readImage(root, checked).catch(() => {
        throw changed();
      });
      if (read.size !== checked.size || read.modifiedMs !== checked.modifiedMs) throw changed();
      const own = new ProblemList();
      const [image] = await checkImagesInWorkers([read.file], own, {
        prepare: true,
        handOver: true,
      });
      // The same file, checked again: what only preparing it finds (re-encoding a large raster).
      if (own.size > 0) throw new ContentProblemsError(own.items, options.folder);
      if (!image) throw changed();
      prepared[index] = image;
    });
    await upsertImages(tx, prepared, options.pause);
    for (const image of prepared) if (image.kind) kinds[image.kind] += 1;
  }
  return kinds;
}

/** Runs `work` on each item, `atOnce` at a time; after a failure, no item is started. */
async function eachAtOnce<T>(
  items: T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  let failed = false;
  const runner = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      await work(items[index]!, index).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, runner));
}
