import fs from 'node:fs';
import path from 'node:path';
import { slicer } from '@/lib/event-loop';

export interface RawFile {
  /** Path relative to the imported folder, used in every problem report. */
  file: string;
  data: unknown;
}

export interface ImageFile {
  file: string;
  assetId: string;
  /** From the extension; the content is checked against it. */
  contentType: string;
  content: Buffer;
}

export interface ContentFiles {
  disciplines: RawFile | null;
  exams: RawFile[];
  disciplineFiles: RawFile[];
  /** `notas/<disciplina>.json`: study notes per subject (format 2). */
  noteFiles: RawFile[];
  images: Map<string, ImageFile>;
  /** Files that could not be read or parsed, or that are not what their folder holds. */
  unreadable: { file: string; reason: string }[];
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

/** Reads a catalogue folder (docs/content-format.md) without judging what is in it. */
export async function readContentFolder(dir: string): Promise<ContentFiles> {
  const pause = slicer();
  const result: ContentFiles = {
    disciplines: null,
    exams: [],
    disciplineFiles: [],
    noteFiles: [],
    images: new Map(),
    unreadable: [],
  };
  const readJson = (file: string): RawFile | null => {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      result.unreadable.push({ file, reason: 'arquivo ilegível' });
      return null;
    }
    try {
      return { file, data: JSON.parse(text.replace(/^\uFEFF/, '')) };
    } catch (error) {
      result.unreadable.push({
        file,
        reason: `JSON inválido (${jsonErrorWhere(error instanceof Error ? error.message : '', text)})`,
      });
      return null;
    }
  };
  const list = (sub: string) =>
    fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).sort() : [];

  if (fs.existsSync(path.join(dir, 'disciplinas.json')))
    result.disciplines = readJson('disciplinas.json');
  for (const name of list('provas').filter((name) => name.endsWith('.json'))) {
    await pause();
    const raw = readJson(`provas/${name}`);
    if (raw) result.exams.push(raw);
  }
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
    result.images.set(assetId, {
      file,
      assetId,
      contentType,
      content: fs.readFileSync(path.join(dir, 'imagens', name)),
    });
  }
  return result;
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
