import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { slicer } from '@/lib/event-loop';

export interface RawFile {
  /** Path relative to the imported folder, used in every problem report. */
  file: string;
  data: unknown;
}

/** An image of the folder, known by its name; its bytes are read when needed. */
export interface ImageEntry {
  file: string;
  assetId: string;
  /** From the extension; the content is checked against it. */
  contentType: string;
}

export interface ImageFile extends ImageEntry {
  content: Buffer;
}

/** A file that could not be read or parsed, or that is not what its folder holds. */
export interface Unreadable {
  file: string;
  reason: string;
}

export interface ContentFiles {
  disciplines: RawFile | null;
  exams: RawFile[];
  disciplineFiles: RawFile[];
  /** `notas/<disciplina>.json`: study notes per subject (format 2). */
  noteFiles: RawFile[];
  images: Map<string, ImageFile>;
  unreadable: Unreadable[];
}

/**
 * A catalogue folder as listed: its small files read, its exam files and images only named (an
 * import reads each exam file when it gets to it, so its memory does not grow with the catalogue).
 */
export interface ContentFolder {
  disciplines: RawFile | null;
  /** `provas/*.json`, in name order. */
  examFiles: string[];
  disciplineFiles: RawFile[];
  noteFiles: RawFile[];
  images: Map<string, ImageEntry>;
  /** Of the files read or named so far (exam files are read later). */
  unreadable: Unreadable[];
}

export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};
export const IMAGE_EXTENSIONS_LABEL = 'svg|png|jpg|jpeg|webp|gif';

/**
 * One JSON file of the folder, parsed, with the digest of its bytes (an import reads each exam file
 * twice and refuses one that changed in between); or why it cannot be read.
 */
export function readJsonFile(
  dir: string,
  file: string,
): { raw: RawFile; digest: string } | { reason: string } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(dir, file));
  } catch {
    return { reason: 'arquivo ilegível' };
  }
  const digest = createHash('sha256').update(bytes).digest('base64');
  const text = bytes.toString('utf8');
  try {
    return { raw: { file, data: JSON.parse(text.replace(/^\uFEFF/, '')) }, digest };
  } catch (error) {
    return {
      reason: `JSON inválido (${jsonErrorWhere(error instanceof Error ? error.message : '', text)})`,
    };
  }
}

/** Lists a catalogue folder (docs/content-format.md) without judging what is in it. */
export async function listContentFolder(dir: string): Promise<ContentFolder> {
  const pause = slicer();
  const result: ContentFolder = {
    disciplines: null,
    examFiles: [],
    disciplineFiles: [],
    noteFiles: [],
    images: new Map(),
    unreadable: [],
  };
  const readJson = (file: string): RawFile | null => {
    const read = readJsonFile(dir, file);
    if ('raw' in read) return read.raw;
    result.unreadable.push({ file, reason: read.reason });
    return null;
  };
  const list = (sub: string) =>
    fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).sort() : [];

  if (fs.existsSync(path.join(dir, 'disciplinas.json')))
    result.disciplines = readJson('disciplinas.json');
  result.examFiles = list('provas')
    .filter((name) => name.endsWith('.json'))
    .map((name) => `provas/${name}`);
  for (const name of list('disciplinas').filter((name) => name.endsWith('.json'))) {
    const raw = readJson(`disciplinas/${name}`);
    if (raw) result.disciplineFiles.push(raw);
  }
  for (const name of list('notas').filter((name) => name.endsWith('.json'))) {
    const raw = readJson(`notas/${name}`);
    if (raw) result.noteFiles.push(raw);
  }
  for (const name of list('imagens')) {
    await pause();
    if (name.startsWith('.')) continue;
    const file = `imagens/${name}`;
    const extension = path.extname(name).toLowerCase();
    const contentType = IMAGE_TYPES[extension];
    if (!contentType) {
      result.unreadable.push({
        file,
        reason: 'formato não aceito: as imagens devem ser PNG, JPEG, WebP, GIF ou SVG',
      });
      continue;
    }
    const assetId = path.basename(name, path.extname(name));
    const other = result.images.get(assetId);
    if (other) {
      result.unreadable.push({
        file,
        reason: `mesmo nome que ${other.file}: cada imagem precisa de um nome próprio`,
      });
      continue;
    }
    result.images.set(assetId, { file, assetId, contentType });
  }
  return result;
}

/** Reads a whole catalogue folder into memory, every exam file and image (small folders only). */
export async function readContentFolder(dir: string): Promise<ContentFiles> {
  const folder = await listContentFolder(dir);
  const pause = slicer();
  const exams: RawFile[] = [];
  const unreadable = [...folder.unreadable];
  for (const file of folder.examFiles) {
    await pause();
    const read = readJsonFile(dir, file);
    if ('raw' in read) exams.push(read.raw);
    else unreadable.push({ file, reason: read.reason });
  }
  const images = new Map<string, ImageFile>();
  for (const [assetId, entry] of folder.images) {
    await pause();
    images.set(assetId, { ...entry, content: fs.readFileSync(path.join(dir, entry.file)) });
  }
  const { examFiles: _names, ...files } = folder;
  return { ...files, exams, images, unreadable: inFolderOrder(unreadable) };
}

const FOLDER_ORDER = ['disciplinas.json', 'provas/', 'disciplinas/', 'notas/', 'imagens/'];

/** Files in the order the folder is read: disciplinas.json, provas/, disciplinas/, notas/, imagens/. */
export function inFolderOrder<T extends { file: string }>(list: T[]): T[] {
  const rank = (file: string) => FOLDER_ORDER.findIndex((prefix) => file.startsWith(prefix));
  return [...list].sort((a, b) => rank(a.file) - rank(b.file));
}

/** Where the parser stopped, as "linha 7, coluna 3" (the parser's own words are English). */
function jsonErrorWhere(message: string, text: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `erro na linha ${lineColumn[1]}, coluna ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (position) {
    const before = text.slice(0, Number(position[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return `erro na linha ${line}, coluna ${column}`;
  }
  if (/end of (JSON )?input/i.test(message)) return 'o arquivo termina antes do fim do JSON';
  return 'o arquivo não é um JSON válido';
}
