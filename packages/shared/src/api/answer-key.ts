import { z } from 'zod/mini';

/** What the board decided for one question: its key, or that it is annulled. */
export const DEFINITIVE_KEYS = ['A', 'B', 'C', 'D', 'E', 'anulada'] as const;
export type DefinitiveKey = (typeof DEFINITIVE_KEYS)[number];

export const answerKeyChangeSchema = z.object({
  number: z.number().check(z.int(), z.positive()),
  key: z.enum(DEFINITIVE_KEYS),
});
export type AnswerKeyChange = z.infer<typeof answerKeyChangeSchema>;

export const answerKeyRequestSchema = z.object({
  changes: z.array(answerKeyChangeSchema).check(z.minLength(1), z.maxLength(300)),
});

export const answerKeyLineSchema = z.object({
  number: z.number(),
  questionId: z.nullable(z.string()),
  /** The key now ('A'…'E'), 'anulada', or null for an unknown number. */
  from: z.nullable(z.string()),
  to: z.string(),
  /** Answers given to the question so far. */
  answers: z.number(),
  becomeRight: z.number(),
  becomeWrong: z.number(),
  /** Answers that stop counting (the question is annulled). */
  voided: z.number(),
  /** Finished simulados whose result is recalculated. */
  simulados: z.number(),
  /**
   * The question's comment explains the key being replaced: applying takes it off (it stays in the
   * question's versions) until an editor writes it again for the new key.
   */
  commentWithdrawn: z.boolean(),
  /** Why this line cannot be applied, or null. */
  problem: z.nullable(z.string()),
});
export type AnswerKeyLine = z.infer<typeof answerKeyLineSchema>;

export const answerKeyPreviewSchema = z.object({
  examId: z.string(),
  examLabel: z.string(),
  applied: z.boolean(),
  lines: z.array(answerKeyLineSchema),
  /** Students who get a notice (one per question whose verdict changed for them). */
  notices: z.number(),
});
export type AnswerKeyPreview = z.infer<typeof answerKeyPreviewSchema>;

export const ANSWER_KEY_MESSAGES = {
  unknownQuestion: 'a prova não tem esta questão',
  letterNotInQuestion: (letters: string) => `a questão só tem as alternativas ${letters}`,
  unchanged: 'já é o gabarito da questão',
  repeated: 'questão repetida na lista',
  /** A number of an exam's option blocks names one question in each block. */
  inOptionBlocks: (options: string) =>
    `o número está em cada opção da prova (${options}): o gabarito definitivo de questões de opção se corrige reimportando o arquivo da prova`,
  hasProblems: 'Corrija as linhas com problema antes de aplicar: nada foi alterado.',
  lineUnreadable: 'use o número da questão e a letra (ou "anulada"), por exemplo "12 C"',
} as const;

/**
 * Reads a definitive key typed or pasted as a list: one question per line (or separated by
 * commas or semicolons), its number and its letter or 'anulada' ('X' and 'nula' too), e.g.
 * "12 C", "15: anulada", "3 - b". Returns the changes and the unreadable lines.
 */
export function parseAnswerKeyList(text: string): {
  changes: AnswerKeyChange[];
  problems: { line: string; message: string }[];
} {
  const changes: AnswerKeyChange[] = [];
  const problems: { line: string; message: string }[] = [];
  for (const raw of text.split(/[\n;,]+/)) {
    const line = raw.trim();
    if (!line) continue;
    const match =
      /^(?:quest[aã]o\s*)?(\d{1,4})\s*[:\-–=)]?\s*([a-e]|x|anulada|anulad[ao]|nula)$/i.exec(line);
    if (!match) {
      problems.push({ line, message: ANSWER_KEY_MESSAGES.lineUnreadable });
      continue;
    }
    const value = match[2]!.toUpperCase();
    changes.push({
      number: Number(match[1]),
      key: value.length === 1 && value !== 'X' ? (value as DefinitiveKey) : 'anulada',
    });
  }
  return { changes, problems };
}
