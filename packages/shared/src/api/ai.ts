import { z } from 'zod/mini';
import { AI_MESSAGES } from '../messages/ai';
import { text } from '../validation';
import { tutorInfoSchema } from './tutor-info';

/** What the tutor does: a question's explanation, a chat reply, a study text. */
export const AI_FEATURES = ['feedback', 'chat', 'didactic'] as const;
export const aiFeatureSchema = z.enum(AI_FEATURES);
export type AiFeature = z.infer<typeof aiFeatureSchema>;

export const tokenPairSchema = z.object({ input: z.int(), output: z.int() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * What a user may spend now (the viewer's token counter). Tokens set aside for a call that is
 * still running count as used until it ends.
 */
export const tokenBalanceSchema = z.object({
  /** A valid Premium plan, or package tokens: AI actions are allowed. */
  canUseAi: z.boolean(),
  /** The São Paulo day's Premium quota; null without a valid plan. remaining = quota − used, ≥ 0. */
  daily: z.nullable(
    z.object({
      day: z.string(),
      quota: tokenPairSchema,
      used: tokenPairSchema,
      remaining: tokenPairSchema,
    }),
  ),
  /** Package tokens left; null when the user has no package (or it ended). */
  package: z.nullable(tokenPairSchema),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** Tokens used and what they cost; costs in millionths of a US dollar (integers). */
const usageFiguresSchema = z.object({
  inputTokens: z.int(),
  outputTokens: z.int(),
  inputCostMicroUsd: z.int(),
  outputCostMicroUsd: z.int(),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

/** GET /api/me/tokens: the balance plus the user's usage accounting. */
export const tokensResponseSchema = z.extend(tokenBalanceSchema, {
  usage: z.object({
    today: z.extend(usageFiguresSchema, { day: z.string() }),
    /** The current São Paulo month, YYYY-MM. */
    currentMonth: z.extend(usageFiguresSchema, { month: z.string() }),
    /** Every month with usage, newest first (the current month included). */
    monthlyHistory: z.array(z.extend(usageFiguresSchema, { month: z.string() })),
    lifetime: usageFiguresSchema,
  }),
});
export type TokensResponse = z.infer<typeof tokensResponseSchema>;

/** POST /api/questions/:id/feedback. `regenerate`: 'Reanalisar com IA' (a new version, paid). */
export const feedbackRequestSchema = z.object({ regenerate: z._default(z.boolean(), false) });
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Earlier turns the browser sends back; the server keeps the most recent that fit its budget. */
export const CHAT_HISTORY_MAX_TURNS = 40;
export const CHAT_TURN_MAX_LENGTH = 12_000;

export const chatTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  text: text(CHAT_TURN_MAX_LENGTH).check(z.minLength(1)),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/** POST /api/questions/:id/chat: the new question and the conversation so far (oldest first). */
export const chatRequestSchema = z.object({
  message: text(CHAT_MESSAGE_MAX_LENGTH, AI_MESSAGES.chatTooLong(CHAT_MESSAGE_MAX_LENGTH)).check(
    z.trim(),
    z.minLength(1, AI_MESSAGES.chatEmpty),
  ),
  history: z._default(
    z
      .array(chatTurnSchema)
      .check(z.maxLength(CHAT_HISTORY_MAX_TURNS, AI_MESSAGES.chatHistoryTooLong)),
    [],
  ),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** POST /api/didactic-content (and DELETE, to discard the stored text). */
export const didacticContentRequestSchema = z.object({
  disciplina: text(100).check(z.trim(), z.minLength(1)),
  assunto: text(200).check(z.trim(), z.minLength(1)),
  /** A new version of the stored text, paid by the requester. */
  regenerate: z._default(z.boolean(), false),
});
export type DidacticContentRequest = z.input<typeof didacticContentRequestSchema>;
export const didacticContentDiscardSchema = z.omit(didacticContentRequestSchema, {
  regenerate: true,
});

/**
 * The events of a tutor stream (Server-Sent Events: `event: <name>` and one JSON `data:` line).
 * Refusals before the stream (402 limit/ai, 403, 404, 429) are ordinary JSON error answers.
 * A stream is `meta`, then `delta`s, then exactly one of `done` or `error`.
 */
export const aiMetaEventSchema = z.object({
  feature: aiFeatureSchema,
  /**
   * cache: a stored text, sent whole at once, no tokens; generated: written now for this request,
   * paid by this user; shared: another request is writing the same text now, and this one
   * receives it as it is written, without paying.
   */
  source: z.enum(['cache', 'generated', 'shared']),
  tutor: tutorInfoSchema,
  /** When a stored text was written (ISO); null while it is being written. */
  createdAt: z.nullable(z.string()),
});
export const aiDeltaEventSchema = z.object({ text: z.string() });
export const aiDoneEventSchema = z.object({
  /** The whole text. */
  content: z.string(),
  /** 'length' when the text was cut at the output limit. */
  finishReason: z.enum(['stop', 'length', 'other']),
  /** Tokens charged to this user for this request; null when it cost nothing. */
  charged: z.nullable(tokenPairSchema),
  /** The user's balance after the request (the token counter). */
  tokens: tokenBalanceSchema,
});
export const aiErrorEventSchema = z.object({ code: z.string(), message: z.string() });

export const aiStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('meta'), data: aiMetaEventSchema }),
  z.object({ event: z.literal('delta'), data: aiDeltaEventSchema }),
  z.object({ event: z.literal('done'), data: aiDoneEventSchema }),
  z.object({ event: z.literal('error'), data: aiErrorEventSchema }),
]);
export type AiStreamEvent = z.infer<typeof aiStreamEventSchema>;
export type AiMetaEvent = z.infer<typeof aiMetaEventSchema>;
export type AiDoneEvent = z.infer<typeof aiDoneEventSchema>;

/** Reads one received event (its `event:` name and `data:` text); throws on anything unexpected. */
export function parseAiStreamEvent(event: string, data: string): AiStreamEvent {
  return aiStreamEventSchema.parse({ event, data: JSON.parse(data) });
}

/** Error codes of the AI routes (the message travels with each). */
export const AI_ERROR_CODES = {
  /** 402: not entitled to AI, or the tokens left do not cover the call. */
  limit: 'limit/ai',
  /** 403: the question's answer has not been checked by this user. */
  checkFirst: 'ai/check-first',
  /** 404: no questions of this discipline and subject. */
  subjectNotFound: 'ai/subject-not-found',
  /** In an `error` event: the provider failed or timed out. */
  providerFailed: 'ai/provider-failed',
  /** In an `error` event, or a stream that ended without `done`: the answer was cut short. */
  interrupted: 'ai/interrupted',
} as const;

/**
 * A change of what the tutor stands on (docs/product-rules.md, "The tutor after a change of key or
 * comment"): the key ('A' → 'B'), an annulment ('anulada') or the team's comment (no keys).
 */
export const basisChangeSchema = z.object({
  kind: z.enum(['key', 'annulment', 'comment']),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  /** When it changed (ISO). */
  at: z.string(),
});
export type BasisChange = z.infer<typeof basisChangeSchema>;

/** GET /api/questions/:id/chat: the conversation kept about this question, oldest first. */
export const chatHistoryResponseSchema = z.object({
  turns: z.array(z.object({ role: chatTurnSchema.shape.role, text: z.string(), at: z.string() })),
  /**
   * Changes of the question made after the first of these turns, oldest first: the turns dated
   * before a change were written before it.
   */
  changes: z.array(basisChangeSchema),
  /** The next reply is free: the student's conversation predates the question's last change. */
  freeReply: z.boolean(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;
