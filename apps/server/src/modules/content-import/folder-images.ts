import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/db/client';
import { upsertImages } from './content-import.repo';
import type { ImageEntry, ImageFile } from './content-files';
import { checkImagesInWorkers } from './image-workers';
import type { PreparedImage } from './images';
import { changedSinceChecked, ContentProblemsError, type Problem, ProblemList } from './problems';

/*
 * A folder's images, read from disk a few at a time: when checked (the first pass, nothing kept but
 * each file's size and time) and again when written (prepared, then stored, a batch at a time), so
 * that no more than a few images' bytes are held at once, however many the catalogue has.
 */

/** Images read at once: enough to keep the image threads busy (at most four, image-workers.ts). */
const IMAGES_AT_ONCE = 8;

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
 * Checks each image (images.ts) in the image threads, reporting its problems in the files' order,
 * as `checkImagesInWorkers` does for images read beforehand. Returns the images without problems.
 */
export async function checkFolderImages(
  root: string,
  entries: ImageEntry[],
  problems: ProblemList,
  progress?: (line: string) => void,
): Promise<CheckedImage[]> {
  const found: Problem[][] = new Array<Problem[]>(entries.length);
  const checked: (CheckedImage | null)[] = new Array<CheckedImage | null>(entries.length);
  let done = 0;
  await eachAtOnce(entries, async (entry, index) => {
    const own = new ProblemList();
    let image: CheckedImage | null = null;
    try {
      const { file, size, modifiedMs } = await readImage(root, entry);
      const [prepared] = await checkImagesInWorkers([file], own, { prepare: false });
      if (prepared) image = { ...entry, size, modifiedMs };
    } catch {
      own.report(entry.file, '$', 'arquivo ilegível');
    }
    found[index] = own.items;
    checked[index] = image;
    done += 1;
    if (entries.length >= 20 && done % 20 === 0)
      progress?.(`  ${done}/${entries.length} imagens verificadas`);
  });
  for (const list of found)
    for (const problem of list) problems.report(problem.file, problem.path, problem.message);
  return checked.filter((image): image is CheckedImage => image !== null);
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
) {
  for (let start = 0; start < list.length; start += IMAGES_AT_ONCE) {
    const batch = list.slice(start, start + IMAGES_AT_ONCE);
    const prepared: PreparedImage[] = new Array<PreparedImage>(batch.length);
    await eachAtOnce(batch, async (checked, index) => {
      const changed = () => changedSinceChecked(checked.file, options.folder);
      const read = await readImage(root, checked).catch(() => {
        throw changed();
      });
      if (read.size !== checked.size || read.modifiedMs !== checked.modifiedMs) throw changed();
      const own = new ProblemList();
      const [image] = await checkImagesInWorkers([read.file], own, { prepare: true });
      // The same file, checked again: what only preparing it finds (re-encoding a large raster).
      if (own.size > 0) throw new ContentProblemsError(own.items, options.folder);
      if (!image) throw changed();
      prepared[index] = image;
    });
    await upsertImages(tx, prepared, options.pause);
  }
}

/** Runs `work` on each item, IMAGES_AT_ONCE at a time; after a failure, no item is started. */
async function eachAtOnce<T>(items: T[], work: (item: T, index: number) => Promise<void>) {
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
  await Promise.all(Array.from({ length: Math.min(IMAGES_AT_ONCE, items.length) }, runner));
}
