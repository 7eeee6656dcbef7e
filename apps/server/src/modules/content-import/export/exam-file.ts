import type { QuestionCommentary } from '@gabarita/shared';
import type { Alternative } from '@/db/schema';
import { figureAssetIds } from '@/modules/catalog';
import type { StoredExam } from './export.repo';

/** What a question's file is written from: a stored row, or a question an import validated. */
export type QuestionFields = Pick<
  StoredExam['questions'][number]['question'],
  | 'number'
  | 'statementHtml'
  | 'alternatives'
  | 'answerLetter'
  | 'disciplineCode'
  | 'referenceKeys'
  | 'imageAssetId'
  | 'imageDescription'
  | 'status'
  | 'statusNote'
  | 'commentary'
>;

/** Format 2 `comentario` (docs/content-format.md) from a stored comment. */
export function commentFile(commentary: QuestionCommentary): Record<string, unknown> {
  const author = {
    ...(commentary.author.name ? { nome: commentary.author.name } : {}),
    ...(commentary.author.reviewedOn ? { revisado_em: commentary.author.reviewedOn } : {}),
  };
  return {
    resumo: commentary.summaryHtml,
    alternativas: Object.fromEntries(commentary.reasons.map(({ letter, html }) => [letter, html])),
    ...(commentary.sources.length > 0
      ? {
          fundamento: commentary.sources.map((source) => ({
            tipo: source.kind,
            referencia: source.reference,
            ...(source.url ? { url: source.url } : {}),
          })),
        }
      : {}),
    ...(Object.keys(author).length > 0 ? { autoria: author } : {}),
  };
}

function alternativeFile(alternative: Alternative) {
  if (alternative.figure) {
    return {
      letra: alternative.letter,
      imagem: alternative.figure.assetId,
      descricao: alternative.figure.description,
    };
  }
  if (alternative.html) return { letra: alternative.letter, html: alternative.html };
  return `${alternative.letter}) ${alternative.text}`;
}

const SITUATION_OF_STATUS = { annulled: 'anulada', outdated: 'desatualizada' } as const;

export function questionFile(question: QuestionFields, subject: string) {
  return {
    id_questao: String(question.number),
    questao: question.statementHtml,
    Alternativas: question.alternatives.map(alternativeFile),
    gabarito: question.answerLetter,
    disciplina: question.disciplineCode,
    assunto: subject,
    ...(question.referenceKeys.length > 0 ? { referencia: question.referenceKeys } : {}),
    ...(question.imageAssetId
      ? { img: [question.imageAssetId, question.imageDescription ?? ''] as [string, string] }
      : {}),
    ...(question.status !== 'regular' ? { situacao: SITUATION_OF_STATUS[question.status] } : {}),
    ...(question.statusNote ? { nota: question.statusNote } : {}),
    ...(question.commentary ? { comentario: commentFile(question.commentary) } : {}),
  };
}

type StoredQuestions = StoredExam['questions'];

/** Questions per discipline and subject, annulled ones included, as the exam file declares them. */
function disciplineTally(list: StoredQuestions) {
  const tally: Record<string, { total: number; assuntos: Record<string, number> }> = {};
  for (const { question, subject } of list) {
    const entry = (tally[question.disciplineCode] ??= { total: 0, assuntos: {} });
    entry.total += 1;
    entry.assuntos[subject] = (entry.assuntos[subject] ?? 0) + 1;
  }
  return tally;
}

/**
 * A stored exam as a format 2 exam file (docs/content-format.md): importing it again writes the
 * same exam. `comentario` may be replaced per question by the caller (drafts).
 */
export function examFile(stored: StoredExam) {
  const { exam } = stored;
  const inPart = (optionKey: string | null) =>
    stored.questions.filter(({ question }) => question.optionKey === optionKey);
  const common = inPart(null);
  const questoes = (list: StoredQuestions) =>
    Object.fromEntries(
      list.map(({ question, subject }) => [
        String(question.number),
        questionFile(question, subject),
      ]),
    );
  // Outside concursos cargo, órgão and nível may be absent (docs/content-format.md, "tipo").
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    versao: 2,
    id: exam.id,
    ...(exam.kind !== 'concurso' ? { tipo: exam.kind } : {}),
    ...optional('cargo_geral', exam.cargoGeral),
    ...optional('cargo', exam.cargo),
    ...optional('orgão', exam.orgao),
    ...optional('nível', exam.nivel),
    instituição: exam.instituicao,
    ano: exam.ano,
    // What one candidate answers: the common questions and one block.
    TOTAL: common.length + (exam.options[0] ? inPart(exam.options[0].key).length : 0),
    ...(exam.demonstration ? { demonstracao: true } : {}),
    ...(exam.source
      ? {
          fonte: {
            origem: exam.source.origem,
            ...(exam.source.licenca ? { licenca: exam.source.licenca } : {}),
            ...(exam.source.url ? { url: exam.source.url } : {}),
          },
        }
      : {}),
    disciplinas: disciplineTally(common),
    ...Object.fromEntries(stored.referenceTexts.map((text) => [text.key, text.html])),
    questoes: questoes(common),
    ...(exam.options.length > 0
      ? {
          opcoes: Object.fromEntries(
            exam.options.map(({ key, name }) => [
              key,
              {
                nome: name,
                disciplinas: disciplineTally(inPart(key)),
                questoes: questoes(inPart(key)),
              },
            ]),
          ),
        }
      : {}),
  };
}

export type ExamFile = ReturnType<typeof examFile>;

/** The part of an exam file a question is in: the common questions, or its option block. */
export function filePart(file: ExamFile, optionKey: string | null) {
  const part = optionKey === null ? file : file.opcoes?.[optionKey];
  if (!part) throw new Error(`opção desconhecida no arquivo da prova: ${optionKey}`);
  return part;
}

/** Every image the exam's file names: figures in its texts and alternatives, and `img`. */
export function examAssetIds(stored: StoredExam): string[] {
  const ids = new Set<string>();
  for (const text of stored.referenceTexts) figureAssetIds(text.html).forEach((id) => ids.add(id));
  for (const { question } of stored.questions) {
    figureAssetIds(question.statementHtml).forEach((id) => ids.add(id));
    if (question.imageAssetId) ids.add(question.imageAssetId);
    for (const alternative of question.alternatives) {
      if (alternative.figure) ids.add(alternative.figure.assetId);
      if (alternative.html) figureAssetIds(alternative.html).forEach((id) => ids.add(id));
    }
  }
  return [...ids].sort();
}
