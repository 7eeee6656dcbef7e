import { z } from 'zod';
import type { Alternative } from '../../../db/schema';
import type { ContentFiles, ImageFile, RawFile } from './content-files';
import { plainText, sanitizeStatementHtml } from './sanitize';

export interface Problem {
  file: string;
  path: string;
  message: string;
}

export interface ValidQuestion {
  id: string;
  number: number;
  statementHtml: string;
  alternatives: Alternative[];
  answerLetter: string;
  disciplineCode: string;
  subject: string;
  referenceKeys: string[];
  image: { assetId: string; description: string } | null;
}

export interface ValidExam {
  id: string;
  cargoGeral: string;
  cargo: string;
  orgao: string;
  nivel: string;
  instituicao: string;
  ano: string;
  demonstration: boolean;
  referenceTexts: { key: string; html: string }[];
  questions: ValidQuestion[];
}

export interface ValidCatalog {
  disciplines: { code: string; name: string }[];
  exams: ValidExam[];
  images: ImageFile[];
}

const text = z.string().trim().min(1, 'deve ser um texto não vazio');
const count = z.string().regex(/^\d+$/, 'deve ser um número inteiro em texto, como "10"');

const disciplinesSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'código inválido'), text);

const questionSchema = z.object({
  id_questao: z.string().regex(/^\d+$/, 'deve ser o número da questão'),
  questao: text,
  Alternativas: z
    .array(text)
    .min(2, 'precisa de 2 a 5 alternativas')
    .max(5, 'precisa de 2 a 5 alternativas'),
  gabarito: z.string().regex(/^[A-E]$/, 'deve ser uma letra de A a E'),
  disciplina: text,
  assunto: text,
  referencia: z.array(z.string()).optional(),
  img: z.tuple([text, text]).optional(),
});

const examSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+_prova$/, 'deve usar a-z, 0-9 e _ e terminar com "_prova"'),
    cargo_geral: text,
    cargo: text,
    orgão: text,
    nível: text,
    instituição: text,
    ano: z.string().regex(/^\d{4}$/, 'deve ser um ano com 4 dígitos'),
    TOTAL: count,
    demonstracao: z.boolean().optional(),
    disciplinas: z.record(
      z.string(),
      z.object({ total: count, assuntos: z.record(z.string(), count) }),
    ),
    questoes: z.record(
      z.string().regex(/^\d+$/, 'a chave deve ser o número da questão'),
      questionSchema,
    ),
  })
  .catchall(z.unknown());

const ALTERNATIVE = /^([A-E])\)\s*(.+)$/s;

function jsonPath(segments: PropertyKey[]): string {
  return `$${segments.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('')}`;
}

/**
 * Checks a whole catalogue folder and returns every problem with its file and JSON path, or the
 * catalogue ready to be written (HTML already sanitized).
 */
export function validateContent(files: ContentFiles): {
  problems: Problem[];
  catalog: ValidCatalog;
} {
  const problems: Problem[] = files.unreadable.map(({ file, reason }) => ({
    file,
    path: '$',
    message: reason,
  }));
  const report = (file: string, path: string, message: string) =>
    problems.push({ file, path, message });
  const zodProblems = (raw: RawFile, error: z.ZodError) =>
    error.issues.forEach((issue) => report(raw.file, jsonPath(issue.path), issue.message));

  const disciplines = new Map<string, string>();
  if (!files.disciplines) {
    report('disciplinas.json', '$', 'arquivo obrigatório ausente: o catálogo de disciplinas');
  } else {
    const parsed = disciplinesSchema.safeParse(files.disciplines.data);
    if (parsed.success)
      Object.entries(parsed.data).forEach(([code, name]) => disciplines.set(code, name));
    else zodProblems(files.disciplines, parsed.error);
  }

  const exams: ValidExam[] = [];
  const usedImages = new Map<string, ImageFile>();
  const seenExamIds = new Map<string, string>();

  for (const raw of files.exams) {
    const parsed = examSchema.safeParse(raw.data);
    if (!parsed.success) {
      zodProblems(raw, parsed.error);
      continue;
    }
    const exam = parsed.data;
    const at = (path: string, message: string) => report(raw.file, path, message);

    if (raw.file !== `provas/${exam.id}.json`)
      at('$.id', `deve ser igual ao nome do arquivo (${raw.file})`);
    const duplicateOf = seenExamIds.get(exam.id);
    if (duplicateOf) at('$.id', `id duplicado: "${exam.id}" também está em ${duplicateOf}`);
    seenExamIds.set(exam.id, raw.file);

    const referenceTexts = Object.entries(exam)
      .filter(([key, value]) => key.startsWith('id_') && typeof value === 'string')
      .map(([key, value]) => ({ key, html: sanitizeStatementHtml(value as string) }));
    const referenceKeys = new Set(referenceTexts.map((reference) => reference.key));

    const questions: ValidQuestion[] = [];
    const counted = new Map<string, { total: number; subjects: Map<string, number> }>();

    for (const [key, question] of Object.entries(exam.questoes)) {
      const path = `$.questoes.${key}`;
      if (question.id_questao !== key)
        at(`${path}.id_questao`, `deve ser igual à chave da questão ("${key}")`);

      const alternatives: Alternative[] = [];
      question.Alternativas.forEach((alternative, index) => {
        const match = ALTERNATIVE.exec(alternative.trim());
        if (!match)
          at(`${path}.Alternativas[${index}]`, 'deve começar com a letra e ")", como "A) ..."');
        else alternatives.push({ letter: match[1]!, text: plainText(match[2]!) });
      });
      const letters = alternatives.map((alternative) => alternative.letter).join('');
      const trueFalse = letters === 'CE';
      if (
        alternatives.length === question.Alternativas.length &&
        !trueFalse &&
        letters !== 'ABCDE'.slice(0, letters.length)
      ) {
        at(
          `${path}.Alternativas`,
          `letras fora de ordem (${letters}): use A, B, C... ou exatamente C) Certo e E) Errado`,
        );
      }
      if (!letters.includes(question.gabarito)) {
        at(
          `${path}.gabarito`,
          `"${question.gabarito}" não está entre as alternativas (${letters.split('').join(', ')})`,
        );
      }
      if (!disciplines.has(question.disciplina)) {
        at(
          `${path}.disciplina`,
          `disciplina desconhecida: "${question.disciplina}" não está em disciplinas.json`,
        );
      }
      (question.referencia ?? []).forEach((reference, index) => {
        if (!referenceKeys.has(reference))
          at(`${path}.referencia[${index}]`, `texto de referência inexistente: "${reference}"`);
      });
      let image: ValidQuestion['image'] = null;
      if (question.img) {
        const [assetId, description] = question.img;
        const file = files.images.get(assetId);
        if (!file)
          at(
            `${path}.img[0]`,
            `imagem ausente: nenhum arquivo imagens/${assetId}.(svg|png|jpg|webp)`,
          );
        else usedImages.set(assetId, file);
        image = { assetId, description: description.trim() };
      }

      const tally = counted.get(question.disciplina) ?? { total: 0, subjects: new Map() };
      tally.total += 1;
      tally.subjects.set(question.assunto, (tally.subjects.get(question.assunto) ?? 0) + 1);
      counted.set(question.disciplina, tally);

      questions.push({
        id: `${exam.id}_${key}`,
        number: Number(key),
        statementHtml: sanitizeStatementHtml(question.questao),
        alternatives,
        answerLetter: question.gabarito,
        disciplineCode: question.disciplina,
        subject: question.assunto.trim(),
        referenceKeys: question.referencia ?? [],
        image,
      });
    }

    const total = Object.keys(exam.questoes).length;
    if (Number(exam.TOTAL) !== total)
      at('$.TOTAL', `diz ${exam.TOTAL}, mas a prova tem ${total} questões`);
    compareDisciplineMap(exam.disciplinas, counted, at);

    exams.push({
      id: exam.id,
      cargoGeral: exam.cargo_geral,
      cargo: exam.cargo,
      orgao: exam.orgão,
      nivel: exam.nível,
      instituicao: exam.instituição,
      ano: exam.ano,
      demonstration: exam.demonstracao ?? false,
      referenceTexts,
      questions: questions.sort((a, b) => a.number - b.number),
    });
  }

  if (files.exams.length === 0 && files.unreadable.length === 0) {
    report('provas/', '$', 'nenhuma prova encontrada');
  }
  checkDisciplineFiles(files.disciplineFiles, exams, report);

  return {
    problems,
    catalog: {
      disciplines: [...disciplines].map(([code, name]) => ({ code, name })),
      exams,
      images: [...usedImages.values()],
    },
  };
}

function compareDisciplineMap(
  declared: Record<string, { total: string; assuntos: Record<string, string> }>,
  counted: Map<string, { total: number; subjects: Map<string, number> }>,
  at: (path: string, message: string) => void,
) {
  for (const [code, { total, assuntos }] of Object.entries(declared)) {
    const actual = counted.get(code);
    if (!actual) {
      at(`$.disciplinas.${code}`, 'nenhuma questão desta disciplina na prova');
      continue;
    }
    if (Number(total) !== actual.total) {
      at(
        `$.disciplinas.${code}.total`,
        `diz ${total}, mas há ${actual.total} questões desta disciplina`,
      );
    }
    for (const [subject, value] of Object.entries(assuntos)) {
      const found = actual.subjects.get(subject) ?? 0;
      if (Number(value) !== found) {
        at(
          `$.disciplinas.${code}.assuntos.${subject}`,
          `diz ${value}, mas há ${found} questões deste assunto`,
        );
      }
    }
    for (const subject of actual.subjects.keys()) {
      if (!(subject in assuntos))
        at(`$.disciplinas.${code}.assuntos`, `falta o assunto "${subject}"`);
    }
  }
  for (const code of counted.keys()) {
    if (!(code in declared))
      at('$.disciplinas', `falta a disciplina "${code}", que tem questões na prova`);
  }
}

/** Optional discipline files must agree with the exams: same subjects and question ids. */
function checkDisciplineFiles(
  files: RawFile[],
  exams: ValidExam[],
  report: (file: string, path: string, message: string) => void,
) {
  const questionsById = new Map(
    exams.flatMap((exam) => exam.questions.map((question) => [question.id, question])),
  );
  for (const raw of files) {
    const code = raw.file.replace(/^disciplinas\//, '').replace(/\.json$/, '');
    const parsed = z.record(z.string(), z.unknown()).safeParse(raw.data);
    if (!parsed.success) {
      report(raw.file, '$', 'deve ser um objeto');
      continue;
    }
    for (const [key, value] of Object.entries(parsed.data)) {
      if (key.startsWith('id_')) continue;
      if (!Array.isArray(value)) {
        report(raw.file, `$.${key}`, 'deve ser a lista de ids das questões do assunto');
        continue;
      }
      value.forEach((id, index) => {
        const question = questionsById.get(String(id));
        if (!question)
          report(raw.file, `$.${key}[${index}]`, `questão inexistente: "${String(id)}"`);
        else if (question.disciplineCode !== code || question.subject !== key) {
          report(
            raw.file,
            `$.${key}[${index}]`,
            `a questão "${String(id)}" é de ${question.disciplineCode} / ${question.subject}`,
          );
        }
      });
    }
  }
}
