import type { FastifyBaseLogger } from 'fastify';
import type { CommentarySource, SubjectStudyNotes } from '@gabarita/shared';
import type { TutorMaterial } from '@/modules/catalog';
import { htmlToText } from './html-text';
import { rasterForModel } from './images';
import { buildPrompt, type TutorPrompt } from './prompts';
import type { Tutor } from './tutor';
import type { TutorQuestion, TutorStudyNotes, TutorTask } from './tutor-task';

/** A catalogue question as the tutor reads it: plain text, with the key. */
export function toTutorQuestion(material: TutorMaterial): TutorQuestion {
  return {
    id: material.id,
    examLabel: material.examLabel,
    disciplina: material.disciplineName,
    assunto: material.subject,
    enunciado: htmlToText(material.statementHtml),
    alternativas: material.alternatives,
    gabarito: material.answerLetter,
    textoReferencia:
      material.referenceHtml.length > 0
        ? material.referenceHtml.map(htmlToText).join('\n\n')
        : null,
    imagem: material.image ? { description: material.image.description } : null,
    comentario: material.commentary
      ? {
          resumo: htmlToText(material.commentary.summaryHtml),
          razoes: material.commentary.reasons.map(({ letter, html }) => ({
            letter,
            text: htmlToText(html),
          })),
          fundamento: material.commentary.sources.map(sourceLine),
        }
      : null,
  };
}

/** A basis as one line: 'Lei nº 9.394/1996, art. 14 (https://…)'. */
function sourceLine(source: CommentarySource): string {
  return `${source.reference}${source.url ? ` (${source.url})` : ''}`;
}

/** A subject's study notes as the tutor reads them: plain text. */
export function toTutorNotes(notes: SubjectStudyNotes | null): TutorStudyNotes | null {
  if (!notes) return null;
  return {
    texto: htmlToText(notes.textHtml),
    armadilhas: notes.trapsHtml.map(htmlToText),
    fundamento: notes.sources.map(sourceLine),
  };
}

/** The prompt of a task about one question, with its image when the provider takes images. */
export async function questionPrompt(
  tutor: Tutor,
  task: TutorTask,
  material: TutorMaterial,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<TutorPrompt> {
  const images = new Map<string, { data: Uint8Array; mediaType: string }>();
  if (tutor.sendsImages && material.image) {
    try {
      images.set(material.id, await rasterForModel(material.image));
    } catch (error) {
      // The description is in the text anyway.
      log?.warn({ err: error, questionId: material.id }, 'imagem da questão não rasterizada');
    }
  }
  return buildPrompt(task, images);
}
