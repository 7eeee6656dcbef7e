import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const MINI_CATALOG = path.join(import.meta.dirname, '../fixtures/content-mini');

export interface QuestionJson {
  id_questao: string;
  questao: string;
  Alternativas: string[];
  gabarito: string;
  disciplina: string;
  assunto: string;
  referencia?: string[];
  img?: string[];
}

export interface ExamJson {
  id: string;
  TOTAL: string;
  disciplinas: Record<string, { total: string; assuntos: Record<string, string> }>;
  questoes: Record<string, QuestionJson>;
  [field: string]: unknown;
}

/** The mini catalogue's exams by file name, to be changed by a test. */
export class EditableCatalog {
  constructor(readonly files: Map<string, ExamJson>) {}

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
}

/** A writable copy of the mini catalogue, changed by `edit`. */
export function editedCatalog(edit: (catalog: EditableCatalog) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-content-'));
  fs.cpSync(MINI_CATALOG, dir, { recursive: true });
  const catalog = new EditableCatalog(new Map());
  for (const file of fs.readdirSync(path.join(dir, 'provas'))) {
    catalog.files.set(file, JSON.parse(fs.readFileSync(path.join(dir, 'provas', file), 'utf8')));
  }
  edit(catalog);
  for (const [file, data] of catalog.files) {
    fs.writeFileSync(path.join(dir, 'provas', file), JSON.stringify(data));
  }
  return dir;
}
