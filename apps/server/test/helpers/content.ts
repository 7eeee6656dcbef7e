import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Three small exams in format 1. */
export const MINI_CATALOG = path.join(import.meta.dirname, '../fixtures/content-mini');
/** The example of docs/content-format.md: one format-2 exam using every feature. */
export const FORMAT_2_EXAMPLE = path.join(
  import.meta.dirname,
  '../../../../content/examples/formato-2',
);
export const FORMAT_2_EXAM = 'exemplo_2024_formato2_prova.json';
/** The ENEM example of docs/content-format.md: an exam of another kind, with option blocks. */
export const ENEM_EXAMPLE = path.join(import.meta.dirname, '../../../../content/examples/enem');
/** A scanned page 1,800 px wide (text-like, re-encoded for the page) and an emblem (picture-like). */
export const RASTER_KINDS_EXAMPLE = path.join(
  import.meta.dirname,
  '../../../../content/examples/figuras-por-tipo',
);
/** An ENEM exam whose Spanish block lost its third item: the English one imports alone. */
export const UNPAIRED_OPTION_EXAMPLE = path.join(
  import.meta.dirname,
  '../../../../content/examples/opcoes-desiguais',
);
export const ENEM_EXAM = 'exemplo_enem_2023_prova.json';

export interface QuestionJson {
  id_questao: string;
  questao: string;
  Alternativas: unknown[];
  gabarito?: unknown;
  disciplina: string;
  assunto: string;
  referencia?: string[];
  img?: string[];
  [field: string]: unknown;
}

export interface ExamJson {
  id: string;
  TOTAL: string | number;
  disciplinas: Record<
    string,
    { total: string | number; assuntos: Record<string, string | number> }
  >;
  questoes: Record<string, QuestionJson>;
  [field: string]: unknown;
}

/** A catalogue folder's files, to be changed by a test. */
export class EditableCatalog {
  constructor(
    readonly files: Map<string, ExamJson>,
    readonly dir: string,
  ) {}

  exam(file: string): ExamJson {
    const exam = this.files.get(file);
    if (!exam) throw new Error(`no exam ${file}`);
    return exam;
  }

  question(file: string, number: string): QuestionJson {
    const question = this.exam(file).questoes[number];
    if (!question) throw new Error(`no question ${number} in ${file}`);
    return question;
  }

  /** disciplinas.json as an object, written back after the edit. */
  disciplines(): Record<string, unknown> {
    this.disciplineCatalog ??= JSON.parse(
      fs.readFileSync(path.join(this.dir, 'disciplinas.json'), 'utf8'),
    ) as Record<string, unknown>;
    return this.disciplineCatalog;
  }
  disciplineCatalog: Record<string, unknown> | undefined;

  /** Writes (or replaces) a file under the folder, e.g. an image. */
  writeFile(relative: string, content: string | Buffer) {
    fs.mkdirSync(path.dirname(path.join(this.dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(this.dir, relative), content);
  }
}

/** A writable copy of a catalogue folder (the mini catalogue by default), changed by `edit`. */
export function editedCatalog(
  edit: (catalog: EditableCatalog) => void,
  source: string = MINI_CATALOG,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-content-'));
  fs.cpSync(source, dir, { recursive: true });
  const catalog = new EditableCatalog(new Map(), dir);
  for (const file of fs.readdirSync(path.join(dir, 'provas'))) {
    catalog.files.set(file, JSON.parse(fs.readFileSync(path.join(dir, 'provas', file), 'utf8')));
  }
  edit(catalog);
  for (const [file, data] of catalog.files) {
    fs.writeFileSync(path.join(dir, 'provas', file), JSON.stringify(data));
  }
  if (catalog.disciplineCatalog) {
    fs.writeFileSync(path.join(dir, 'disciplinas.json'), JSON.stringify(catalog.disciplineCatalog));
  }
  return dir;
}
