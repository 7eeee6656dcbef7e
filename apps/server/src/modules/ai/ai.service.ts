import type { FastifyBaseLogger } from 'fastify';
import {
  type AiStreamEvent,
  CHAT_HISTORY_MAX_TURNS,
  type ChatHistoryResponse,
  type ChatTurn,
} from '@gabarita/shared';
import type { Database, DatabaseHandle } from '@/db/client';
import { catalogErrors, aiErrors } from '@/lib/app-errors';
import type { ResolvedSession } from '@/modules/auth';
import type { CatalogService } from '@/modules/catalog';
import type { RateLimiter, RateLimitRule } from '@/modules/rate-limit';
import type { StudyService } from '@/modules/study';
import type { TokenLedger } from '@/modules/tokens';
import {
  findCurrentDidactic,
  findCurrentFeedback,
  saveDidactic,
  saveFeedback,
  supersedeDidactic,
  supersedeFeedback,
} from './ai.repo';
import { changeDay, toBasisChange, withoutStaleTurns } from './basis-changes';
import {
  type BasisChangeRow,
  changedSinceLastDidactic,
  changedSinceLastFeedback,
  claimFreeReply,
  firstChangeSince,
  latestBasisChangeId,
  listBasisChanges,
  releaseFreeReply,
} from './basis-changes.repo';
import {
  insertChatExchange,
  keptChatSpan,
  keptRepliesBefore,
  listChatTurns,
} from './chat-history.repo';
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
   * and the LGPD"), and gives back the free reply it was (if it was one). A reply written from the
   * question as it was before a change made meanwhile is dated just before that change.
   */
  async function* keepingExchange(
    events: Events,
    exchange: { userId: string; questionId: string; message: string },
    basis: { changeId: number; freeChange: number | null },
  ): Events {
    let kept = false;
    try {
      for await (const event of events) {
        if (event.event === 'done') {
          try {
            const later = await firstChangeSince(db, basis.changeId, [exchange.questionId]);
            await insertChatExchange(db, {
              ...exchange,
              reply: event.data.content,
              ...(later ? { at: new Date(later.changedAt.getTime() - 1) } : {}),
            });
            kept = true;
          } catch (error) {
            // The reply was paid and shown; losing its copy must not turn it into an error.
            log.error({ err: error }, 'falha ao guardar a conversa com o tutor');
          }
        }
        yield event;
      }
    } finally {
      if (basis.freeChange !== null && !kept) {
        await releaseFreeReply(db, exchange.userId, basis.freeChange).catch((error: unknown) =>
          log.error({ err: error }, 'falha ao devolver a resposta gratuita do chat'),
        );
      }
    }
  }

  /**
   * Stores a shared text unless a question it was written from changed while it was written: it
   * would stand on what no longer holds, and the next request writes it again (docs/product-rules.md,
   * "The tutor after a change of key or comment").
   */
  async function saveUnlessChanged(
    tx: Database,
    basis: number,
    questionIds: string[],
    save: () => Promise<void>,
  ) {
    if (await firstChangeSince(tx, basis, questionIds)) {
      log.info(
        { questionIds },
        'texto do tutor não guardado: a questão mudou enquanto era escrito',
      );
      return;
    }
    await save();
  }

  /**
   * What a student's chat about a question carries from the question's changes: the conversation
   * without the turns said before the last change, the changes made since it began (the tutor is
   * told of them), and the free reply of the last change when this is the student's first message
   * since it (docs/product-rules.md, "The tutor after a change of key or comment").
   */
  async function chatAfterChanges(
    userId: string,
    questionId: string,
    history: ChatTurn[],
    changes: BasisChangeRow[],
  ) {
    const latest = changes.at(-1);
    const span = latest ? await keptChatSpan(db, userId, questionId) : null;
    if (!latest || !span) return { history, since: [], freeChange: null };
    const stale = await keptRepliesBefore(
      db,
      userId,
      questionId,
      latest.changedAt,
      CHAT_HISTORY_MAX_TURNS,
    );
    const firstAfter = span.last < latest.changedAt;
    const freeChange =
      firstAfter && (await claimFreeReply(db, userId, latest.id)) ? latest.id : null;
    return {
      history: withoutStaleTurns(history, stale),
      since: changes.filter((change) => change.changedAt > span.first),
      freeChange,
    };
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
      let basis = 0;
      return engine.sharedText({
        key: `feedback:${questionId}`,
        firstLook: stored,
        feature: 'feedback',
        viewer,
        regenerate,
        signal,
        findStored,
        free: () => changedSinceLastFeedback(db, questionId),
        prompt: async () => {
          basis = await latestBasisChangeId(db);
          const material = await materialOf(questionId);
          return questionPrompt(
            tutor,
            { kind: 'feedback', question: toTutorQuestion(material) },
            material,
            log,
          );
        },
        save: (tx, text) =>
          saveUnlessChanged(tx, basis, [questionId], () => saveFeedback(tx, questionId, text)),
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
      const [, material, feedback, changes] = await Promise.all([
        assertChecked(viewer, questionId),
        materialOf(questionId),
        findCurrentFeedback(db, questionId),
        listBasisChanges(db, questionId),
      ]);
      const { history, since, freeChange } = await chatAfterChanges(
        viewer.userId,
        questionId,
        request.history,
        changes,
      );
      let events: Events;
      try {
        const prompt = await questionPrompt(
          tutor,
          {
            kind: 'chat',
            question: toTutorQuestion(material),
            // Only an explanation this tutor would show.
            feedback: engine.usable(feedback) ? feedback.content : null,
            history: trimHistory(history),
            message: request.message,
            changes: since.map((change) => ({
              kind: change.kind,
              from: change.fromKey,
              to: change.toKey,
              day: changeDay(change.changedAt),
            })),
          },
          material,
          log,
        );
        const free = freeChange !== null;
        events = await engine.privateText({ viewer, feature: 'chat', prompt, free, signal });
      } catch (error) {
        if (freeChange !== null) await releaseFreeReply(db, viewer.userId, freeChange);
        throw error;
      }
      return keepingExchange(
        events,
        { userId: viewer.userId, questionId, message: request.message },
        { changeId: changes.at(-1)?.id ?? 0, freeChange },
      );
    },

    /**
     * The chat kept about a question, its last turns oldest first; empty before the question is
     * checked. Reading it costs nothing, so it needs no tutor access.
     */
    async chatHistory(session: ResolvedSession, questionId: string): Promise<ChatHistoryResponse> {
      const userId = session.user.id;
      const none = { turns: [], changes: [], freeReply: false };
      if (!(await isChecked(userId, questionId))) return none;
      const turns = await listChatTurns(db, userId, questionId, CHAT_HISTORY_MAX_TURNS);
      if (turns.length === 0) return none;
      const changes = await listBasisChanges(db, questionId);
      const latest = changes.at(-1);
      return {
        turns: turns.map((turn) => ({ ...turn, at: turn.at.toISOString() })),
        // Marks in the conversation: each change after the first turn shown.
        changes: changes.filter((change) => change.changedAt > turns[0]!.at).map(toBasisChange),
        freeReply: Boolean(latest && turns.at(-1)!.at < latest.changedAt),
      };
    },

    /** The study text of a discipline's subject, streamed; stored and shared like explanations. */
    async didactic(
      session: ResolvedSession,
      request: { disciplina: string; assunto: string; regenerate: boolean },
      signal: AbortSignal,
    ): Promise<Events> {
      const viewer = await viewerOf(session);
      // Before the material is read: a change after this makes the text outdated.
      const basis = await latestBasisChangeId(db);
      const { discipline, material, notes } = await didacticSubject(
        request.disciplina,
        request.assunto,
      );
      const questionIds = material.map((question) => question.id);
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
        free: () => changedSinceLastDidactic(db, discipline.code, request.assunto),
        prompt: async () =>
          buildPrompt({
            kind: 'didactic',
            disciplina: discipline.name,
            assunto: request.assunto,
            examples: material.map(toTutorQuestion),
            notas: toTutorNotes(notes),
          }),
        save: (tx, text) =>
          saveUnlessChanged(tx, basis, questionIds, () =>
            saveDidactic(tx, discipline.code, request.assunto, { ...text, questionIds }),
          ),
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
