import { z } from 'zod/mini';
import { idSchema } from '../validation';

/** Most questions one printable caderno takes (docs/product-rules.md, "Notebook export"). */
export const CADERNO_MAX_QUESTIONS = 200;

export const NOTEBOOK_EXPORT_MESSAGES = {
  noQuestions: 'Escolha ao menos uma questão do caderno.',
  tooManyQuestions: `Um caderno leva até ${CADERNO_MAX_QUESTIONS} questões: escolha menos.`,
  notInNotebook: 'Alguma questão escolhida não está no seu caderno de erros. Atualize a página.',
  emptyNotebook: 'Seu caderno de erros está vazio: não há o que exportar.',
} as const;

/** POST /api/me/review/export/caderno: which notebook questions, and what goes with them. */
export const cadernoRequestSchema = z.object({
  questionIds: z
    .array(idSchema)
    .check(
      z.minLength(1, NOTEBOOK_EXPORT_MESSAGES.noQuestions),
      z.maxLength(CADERNO_MAX_QUESTIONS, NOTEBOOK_EXPORT_MESSAGES.tooManyQuestions),
    ),
  /** The key of every question, on a page of its own at the end. */
  withKey: z.boolean(),
  /** The team's comment (summary, reasons and basis) after the key. */
  withComments: z.boolean(),
});
export type CadernoRequest = z.infer<typeof cadernoRequestSchema>;
