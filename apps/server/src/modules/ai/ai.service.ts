import type { FastifyBaseLogger } from 'fastify';
import {
  type AiStreamEvent,
  CHAT_HISTORY_MAX_TURNS,
  type ChatHistoryResponse,
  type ChatTurn,
} from '@gabarita/shared';
import type { DatabaseHandle } from '@/db/client';
import { catalogErrors, aiErrors } from '@/lib/app-errors';
import type { ResolvedSession } from '../auth/auth.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limit.service';
import type { StudyService } from '../study/study.service';
import type { TokenLedger } from '../tokens/token-ledger.service';
import {
  findCurrentDidactic,
  findCurrentFeedback,
  saveDidactic,
  saveFeedback,
  supersedeDidactic,
  supersedeFeedback,
} from './ai.repo';
import { insertChatExchange, listChatTurns } from './chat-history.repo';
import { createSharedTextEngine, type Viewer } from './shared-text';
import { questionPrompt, toTutorNotes, toTutorQuestion } from './tutor/material';
import { buildPrompt } from './tutor/prompts';
import { countTextTokens } from './tutor/token-count';
import type { Tutor } from './tutor/tutor';

/** Tokens of earlier chat turns sent with a new message; older turns are left out. */
export const CHAT_HISTORY_TOKEN_BUDGET = 4_000;
/** Questions of a subject given as material for its study text. */
const DIDACTIC_MATERIAL = 6;

export const AI_RATE_LIMITS = {
  /** 'Reanalisar com IA' and regenerated study texts (docs/product-rules.md, "Rate limits"). */
  regenerate: { name: 'ai-regenerate:user', max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

type Events = AsyncIterable<AiStreamEvent>;

export interface AiDeps {
  database: DatabaseHandle;
  tutor: Tutor;
  ledger: TokenLedger;
  catalog: CatalogService;
  study: StudyService;
  limits: RateLimiter;
  log: FastifyBaseLogger;
}

/** Keeps the most recent turns that fit the budget, starting with one of the user's. */
export function trimHistory(history: ChatTurn[], budget = CHAT_HISTORY_TOKEN_BUDGET): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const turn = history[index]!;
    used += countTextTokens(turn.text) + 4;
    if (used > budget) break;
    kept.unshift(turn);
  }
  while (kept[0]?.role === 'model') kept.shift();
  return kept;
}

/**
 * The AI tutor (docs/product-rules.md, "AI tutor and tokens"): explanations and study texts
 * shared by every user, a chat per user, all streamed and paid from the token ledger.
 */
export function createAiService(deps: AiDeps) {
  const { database, tutor, ledger, catalog, study, limits, log } = deps;
  const { db } = database;
  const engine = createSharedTextEngine({ database, tutor, ledger, log });

  /** The tutor's access rule: Premium, or a token package (docs/product-rules.md). */
  async function hasTutorAccess(session: ResolvedSession): Promise<boolean> {
    return session.sessionUser.accountType === 'premium' || ledger.hasPackage(session.user.id);
  }

  async function viewerOf(session: ResolvedSession): Promise<Viewer> {
    if (!(await hasTutorAccess(session))) throw aiErrors.limit();
    return { userId: session.user.id, premium: session.sessionUser.accountType === 'premium' };
  }

  /**
   * No AI call about a question before this user has checked it: the key is part of what the
   * tutor is told. Cheap checks only; the question's material is loaded when a text is written.
   */
  async function assertChecked(viewer: Viewer, questionId: string) {
    if (!(await isChecked(viewer.userId, questionId))) throw aiErrors.checkFirst();
  }

  /** Whether the user has checked the question (404 when it does not exist; 409 in a simulado). */
  async function isChecked(userId: string, questionId: string): Promise<boolean> {
    const [exists, answered] = await Promise.all([
      catalog.questionExists(questionId),
      study.hasAnswered(userId, questionId),
    ]);
    if (!exists) {
      throw catalogErrors.questionNotFound();
    }
    if (!answered) return false;
    // Checked before, but now in a running simulado: nothing about it until the simulado ends.
    await study.assertQuestionFree(userId, questionId);
    return true;
  }

  /**
   * Passes a chat reply's events on and keeps the exchange once the reply has finished (its 'done'
   * event): a failed or abandoned reply leaves nothing kept (docs/product-rules.md, "Personal data
   * and the LGPD").
   */
  async function* keepingExchange(
    events: Events,
    exchange: { userId: string; questionId: string; message: string },
  ): Events {
    for await (const event of events) {
      if (event.event === 'done') {
        try {
          await insertChatExchange(db, { ...exchange, reply: event.data.content });
        } catch (error) {
          // The reply was paid and shown; losing its copy must not turn it into an error.
          log.error({ err: error }, 'falha ao guardar a conversa com o tutor');
        }
      }
      yield event;
    }
  }

  async function materialOf(questionId: string) {
    const material = await catalog.tutorMaterial(questionId);
    if (!material) {
      throw catalogErrors.questionNotFound();
    }
    return material;
  }

  async function didacticSubject(disciplina: string, assunto: string) {
    const discipline = await catalog.findDiscipline(disciplina);
    if (!discipline) {
      throw catalogErrors.disciplineNotFound();
    }
    const [material, notes] = await Promise.all([
      catalog.subjectMaterial(discipline.code, assunto, DIDACTIC_MATERIAL),
      catalog.subjectNotes(discipline.code, assunto),
    ]);
    if (material.length === 0) {
      throw aiErrors.subjectNotFound();
    }
    return { discipline, material, notes };
  }

  const regenerationLimit = (viewer: Viewer) =>
    limits.enforce([{ rule: AI_RATE_LIMITS.regenerate, subject: viewer.userId }]);

  /**
   * A new version only where it can differ: the offline tutor writes the same text from the same
   * question every time, so asking it again serves (free) the one it wrote
   * (docs/product-rules.md, "AI tutor and tokens").
   */
  const rewrites = tutor.info.languageModel;

  return {
    tutorInfo: tutor.info,
    hasTutorAccess,

    /** The question's explanation, streamed; 'Verificar Gabarito' must have come first. */
    async feedback(
      session: ResolvedSession,
      questionId: string,
      request: { regenerate: boolean },
      signal: AbortSignal,
    ): Promise<Events> {
      const viewer = await viewerOf(session);
      const findStored = () => findCurrentFeedback(db, questionId);
      // Read together; the stored text goes nowhere unless the checks pass.
      const [, stored] = await Promise.all([assertChecked(viewer, questionId), findStored()]);
      const regenerate = request.regenerate && rewrites;
      if (regenerate) await regenerationLimit(viewer);
      return engine.sharedText({
        key: `feedback:${questionId}`,
        firstLook: stored,
        feature: 'feedback',
        viewer,
        regenerate,
        signal,
        findStored,
        prompt: async () => {
          const material = await materialOf(questionId);
          return questionPrompt(
            tutor,
            { kind: 'feedback', question: toTutorQuestion(material) },
            material,
            log,
          );
        },
        save: (tx, text) => saveFeedback(tx, questionId, text),
      });
    },

    /** Discards the current explanation (kept as an earlier version); the next request writes one. */
    async discardFeedback(session: ResolvedSession, questionId: string) {
      const viewer = await viewerOf(session);
      await assertChecked(viewer, questionId);
      if (!rewrites) return;
      await regenerationLimit(viewer);
      await supersedeFeedback(db, questionId);
    },

    /** A chat reply about a checked question; stops (and is charged what it used) if the client leaves. */
    async chat(
      session: ResolvedSession,
      questionId: string,
      request: { message: string; history: ChatTurn[] },
      signal: AbortSignal,
    ): Promise<Events> {
      const viewer = await viewerOf(session);
      // Read together; nothing read goes anywhere unless the checks pass.
      const [, material, feedback] = await Promise.all([
        assertChecked(viewer, questionId),
        materialOf(questionId),
        findCurrentFeedback(db, questionId),
      ]);
      const prompt = await questionPrompt(
        tutor,
        {
          kind: 'chat',
          question: toTutorQuestion(material),
          // Only an explanation this tutor would show.
          feedback: engine.usable(feedback) ? feedback.content : null,
          history: trimHistory(request.history),
          message: request.message,
        },
        material,
        log,
      );
      const events = await engine.privateText({ viewer, feature: 'chat', prompt, signal });
      return keepingExchange(events, {
        userId: viewer.userId,
        questionId,
        message: request.message,
      });
    },

    /**
     * The chat kept about a question, its last turns oldest first; empty before the question is
     * checked. Reading it costs nothing, so it needs no tutor access.
     */
    async chatHistory(session: ResolvedSession, questionId: string): Promise<ChatHistoryResponse> {
      const userId = session.user.id;
      if (!(await isChecked(userId, questionId))) return { turns: [] };
      const turns = await listChatTurns(db, userId, questionId, CHAT_HISTORY_MAX_TURNS);
      return { turns: turns.map((turn) => ({ ...turn, at: turn.at.toISOString() })) };
    },

    /** The study text of a discipline's subject, streamed; stored and shared like explanations. */
    async didactic(
      session: ResolvedSession,
      request: { disciplina: string; assunto: string; regenerate: boolean },
      signal: AbortSignal,
    ): Promise<Events> {
      const viewer = await viewerOf(session);
      const { discipline, material, notes } = await didacticSubject(
        request.disciplina,
        request.assunto,
      );
      // The study text quotes the subject's questions with their keys.
      await study.assertSubjectFree(viewer.userId, discipline.code, request.assunto);
      const regenerate = request.regenerate && rewrites;
      if (regenerate) await regenerationLimit(viewer);
      return engine.sharedText({
        key: `didactic:${discipline.code}:${request.assunto}`,
        feature: 'didactic',
        viewer,
        regenerate,
        signal,
        findStored: () => findCurrentDidactic(db, discipline.code, request.assunto),
        prompt: async () =>
          buildPrompt({
            kind: 'didactic',
            disciplina: discipline.name,
            assunto: request.assunto,
            examples: material.map(toTutorQuestion),
            notas: toTutorNotes(notes),
          }),
        save: (tx, text) => saveDidactic(tx, discipline.code, request.assunto, text),
      });
    },

    async discardDidactic(
      session: ResolvedSession,
      request: { disciplina: string; assunto: string },
    ) {
      const viewer = await viewerOf(session);
      const { discipline } = await didacticSubject(request.disciplina, request.assunto);
      if (!rewrites) return;
      await regenerationLimit(viewer);
      await supersedeDidactic(db, discipline.code, request.assunto);
    },

    tokens: (session: ResolvedSession) =>
      ledger.summary(session.user.id, session.sessionUser.accountType === 'premium'),

    /** Drops generation rows of servers that died (housekeeping). */
    purgeDeadGenerations: () => engine.purgeDeadGenerations(),

    /** Lets close() give running calls the grace period of the server's stop (lib/sse.ts). */
    stopsWith: engine.stopsWith,

    /** Stops every running call (free) before the server closes, after its grace period if any. */
    close: () => engine.close(),
  };
}

export type AiService = ReturnType<typeof createAiService>;
