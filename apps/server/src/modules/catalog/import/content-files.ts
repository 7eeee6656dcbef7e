import fs from 'node:fs';
import path from 'node:path';

export interface RawFile {
  /** Path relative to the imported folder, used in every problem report. */
  file: string;
  data: unknown;
}

export interface ImageFile {
  file: string;
  assetId: string;
  contentType: string;
  content: Buffer;
}

export interface ContentFiles {
  disciplines: RawFile | null;
  exams: RawFile[];
  disciplineFiles: RawFile[];
  images: Map<string, ImageFile>;
  /** Files that could not be read or parsed. */
  unreadable: { file: string; reason: string }[];
}

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Reads a catalogue folder (docs/content-format.md) without judging what is in it. */
export function readContentFolder(dir: string): ContentFiles {
  const result: ContentFiles = {
    disciplines: null,
    exams: [],
    disciplineFiles: [],
    images: new Map(),
    unreadable: [],
  };
  const readJson = (file: string): RawFile | null => {
    try {
      return { file, data: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) };
    } catch (error) {
      result.unreadable.push({
        file,
        reason:
          error instanceof SyntaxError ? `JSON inválido: ${error.message}` : 'arquivo ilegível',
      });
      return null;
    }
  };
  const list = (sub: string) =>
    fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).sort() : [];

  if (fs.existsSync(path.join(dir, 'disciplinas.json')))
    result.disciplines = readJson('disciplinas.json');
  for (const name of list('provas').filter((name) => name.endsWith('.json'))) {
    const raw = readJson(`provas/${name}`);
    if (raw) result.exams.push(raw);
  }
  for (const name of list('disciplinas').filter((name) => name.endsWith('.json'))) {
    const raw = readJson(`disciplinas/${name}`);
    if (raw) result.disciplineFiles.push(raw);
  }
  for (const name of list('imagens')) {
    const extension = path.extname(name).toLowerCase();
    const contentType = IMAGE_TYPES[extension];
    if (!contentType) continue;
    const assetId = path.basename(name, path.extname(name));
    result.images.set(assetId, {
      file: `imagens/${name}`,
      assetId,
      contentType,
      content: fs.readFileSync(path.join(dir, 'imagens', name)),
    });
  }
  return result;
}
