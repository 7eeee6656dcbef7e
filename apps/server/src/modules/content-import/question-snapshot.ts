import type { QuestionSnapshot } from '@gabarita/shared';
import { type ExamFile, filePart, questionFile } from './export/exam-file';
import type { ValidExam, ValidQuestion } from './validate-content';

/**
 * A question as the editor edits it and as a version keeps it: its format 2 question object
 * (docs/content-format.md) and, under `textos`, the reference texts it uses.
 */
export function snapshotOf(
  file: ExamFile,
  { number, optionKey }: { number: number; optionKey: string | null },
): QuestionSnapshot {
  const { id_questao: _number, ...question } = filePart(file, optionKey).questoes[String(number)]!;
  const texts = file as unknown as Record<string, unknown>;
  return {
    ...(question as Omit<QuestionSnapshot, 'textos'>),
    textos: Object.fromEntries(
      (question.referencia ?? []).map((key) => [key, String(texts[key] ?? '')]),
    ),
  };
}

/** A question an import validated, as the snapshot the console would have of it once written. */
export function incomingSnapshot(exam: ValidExam, question: ValidQuestion): QuestionSnapshot {
  const { id_questao: _number, ...file } = questionFile(
    {
      ...question,
      imageAssetId: question.image?.assetId ?? null,
      imageDescription: question.image?.description ?? null,
    },
    question.subject,
  );
  const texts = new Map(exam.referenceTexts.map((text) => [text.key, text.html]));
  return {
    ...(file as Omit<QuestionSnapshot, 'textos'>),
    textos: Object.fromEntries(question.referenceKeys.map((key) => [key, texts.get(key) ?? ''])),
  };
}

const SITUATION_NAMES: Record<string, string> = {
  anulada: 'anulada',
  desatualizada: 'desatualizada',
};
const situation = (snapshot: QuestionSnapshot) =>
  SITUATION_NAMES[snapshot.situacao ?? ''] ?? 'regular';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the team's comment was added, changed or removed. */
export const commentChanged = (before: QuestionSnapshot, after: QuestionSnapshot) =>
  !same(before.comentario, after.comentario);

/** What changed from one version to the next, one readable line each (the version's summary). */
export function describeChanges(before: QuestionSnapshot, after: QuestionSnapshot): string[] {
  const lines: string[] = [];
  if (before.questao !== after.questao) lines.push('Enunciado alterado');
  if (before.gabarito !== after.gabarito) {
    lines.push(`Gabarito: ${before.gabarito} → ${after.gabarito}`);
  }
  if (before.Alternativas.length !== after.Alternativas.length) {
    lines.push(`Alternativas: ${before.Alternativas.length} → ${after.Alternativas.length}`);
  } else {
    after.Alternativas.forEach((alternative, index) => {
      if (!same(alternative, before.Alternativas[index])) {
        lines.push(`Alternativa ${String.fromCharCode(65 + index)} alterada`);
      }
    });
  }
  if (before.disciplina !== after.disciplina) {
    lines.push(`Disciplina: ${before.disciplina} → ${after.disciplina}`);
  }
  if (before.assunto !== after.assunto) {
    lines.push(`Assunto: "${before.assunto}" → "${after.assunto}"`);
  }
  if (situation(before) !== situation(after)) {
    lines.push(`Situação: ${situation(before)} → ${situation(after)}`);
  }
  if ((before.nota ?? '') !== (after.nota ?? '')) lines.push('Nota da situação alterada');
  if (!same(before.img, after.img)) lines.push('Imagem da questão alterada');
  if (!same(before.referencia ?? [], after.referencia ?? [])) {
    lines.push('Textos de referência usados alterados');
  }
  for (const key of Object.keys(after.textos)) {
    if (key in before.textos && before.textos[key] !== after.textos[key]) {
      lines.push(`Texto de referência ${key} alterado`);
    }
  }
  if (commentChanged(before, after)) {
    lines.push(
      !before.comentario
        ? 'Comentário incluído'
        : !after.comentario
          ? 'Comentário removido'
          : 'Comentário alterado',
    );
  }
  return lines;
}
