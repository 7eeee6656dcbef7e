import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_TYPES } from '../content-files';

const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(IMAGE_TYPES)
    .filter(([extension]) => extension !== '.jpeg')
    .map(([extension, type]) => [type, extension]),
);

/** Whether the folder is missing or empty: a catalogue is written only there, never over files. */
export function isFreshFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Writes a file of the catalogue whole or not at all (a reader never sees half of it). */
function writeAtomically(dir: string, relative: string, content: string | Buffer) {
  const target = path.join(dir, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.parcial`;
  fs.writeFileSync(partial, content);
  fs.renameSync(partial, target);
}

export function writeJsonFile(dir: string, relative: string, data: unknown) {
  writeAtomically(dir, relative, `${JSON.stringify(data, null, 2)}\n`);
}

export function writeImageFiles(
  dir: string,
  files: { assetId: string; contentType: string; content: Buffer }[],
) {
  for (const file of files) {
    const extension = EXTENSION_OF_TYPE[file.contentType];
    if (!extension) throw new Error(`tipo de imagem sem extensão conhecida: ${file.contentType}`);
    writeAtomically(dir, path.join('imagens', `${file.assetId}${extension}`), file.content);
  }
}
