import type { FastifyBaseLogger } from 'fastify';
import {
  AI_ERROR_CODES,
  AI_MESSAGES,
  type AiFeature,
  type AiStreamEvent,
  type TutorInfo,
} from '@gabarita/shared';
import type { DatabaseHandle } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { AppError } from '@/lib/errors';
import { isServerStopping, ServerStopping, type ServerStopSignals } from '@/lib/sse';
import type { TokenLedger, Pair } from '@/modules/tokens';
import {
  claimGeneration,
  deleteGeneration,
  findLiveGeneration,
  type NewText,
  purgeDeadGenerations,
  type StoredText,
} from './ai.repo';
import { createGenerationHub, LEASE_SECONDS } from './generation-hub';
import { TextBroadcast } from './text-broadcast';
import type { TutorPrompt } from './tutor/prompts';
import { promptTokens, runTutor, type Tutor, type TutorRun } from './tutor/tutor';

/**
 * Output limits per feature. Shared texts are never cut short (they are stored for everyone), so
 * their minimum is their maximum; a chat reply may be shortened to what the user has left.
 */
const OUTPUT_LIMITS: Record<AiFeature, { max: number; min: number }> = {
  feedback: { max: 2048, min: 2048 },
  chat: { max: 1024, min: 256 },
  didactic: { max: 4096, min: 4096 },
};

const SERVICE_FAILED: Record<AiFeature, string> = {
  feedback: AI_MESSAGES.feedbackServiceFailed,
  chat: AI_MESSAGES.chatServiceFailed,
  didactic: AI_MESSAGES.contentServiceFailed,
};

/**
 * The `error` event of an answer the server's stop cut short: it cost nothing, and asking again
 * reaches a running server (docs/product-rules.md, "AI tutor and tokens").
 */
export const INTERRUPTED_BY_STOP = {
  code: AI_ERROR_CODES.interrupted,
  message: AI_MESSAGES.interruptedByRestart,
} as const;

const NOTHING_USED = { input: 0, output: 0 };

interface CallResult {
  content: string;
  finishReason: 'stop' | 'length' | 'other';
  charged: Pair | null;
}

/** A call running in this process, read by one request (chat) or several (shared texts). */
interface RunningCall {
  broadcast: TextBroadcast<CallResult>;
  author: TutorInfo;
  abort: AbortController;
  done: Promise<void>;
}

type Events = AsyncIterable<AiStreamEvent>;

export interface Viewer {
  userId: string;
  premium: boolean;
}

export interface SharedTextDeps {
  database: DatabaseHandle;
  tutor: Tutor;
  ledger: TokenLedger;
  log: FastifyBaseLogger;
}

/**
 * What to log of a provider failure: its status and message, not the request it carries (the
 * whole prompt, images included) nor anything of the headers (the API key).
 */
export function describeProviderError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const details = error as Error & { statusCode?: number; isRetryable?: boolean; cause?: unknown };
  return {
    name: details.name,
    message: details.message.slice(0, 500),
    ...(details.statusCode ? { statusCode: details.statusCode } : {}),
    ...(details.isRetryable !== undefined ? { retryable: details.isRetryable } : {}),
    ...(details.cause instanceof Error ? { cause: details.cause.message.slice(0, 200) } : {}),
  };
}

/**
 * The engine under the AI features (docs/architecture.md, "Shared texts, once, across instances"
 * and "Token ledger"): every call reserves its tokens, streams its text and settles what it used;
 * a shared text is served stored, or joined while another request writes it (on this instance or
 * another), or written once and stored.
 */
export function createSharedTextEngine(deps: SharedTextDeps) {
  const { database, tutor, ledger, log } = deps;
  const { db } = database;
  const hub = createGenerationHub({ database, log });
  /** Shared texts being written in this process, by key. */
  const sharedCalls = new Map<string, RunningCall>();
  /** Every call running in this process (stopped when the server stops). */
  const calls = new Set<RunningCall>();

  // A language model's text is never replaced by the offline tutor's; the offline tutor's text is
  // not served once a language model is configured, nor when an earlier offline writer wrote it.
  const usable = (stored: StoredText | undefined): stored is StoredText =>
    Boolean(
      stored &&
      (stored.languageModel || (!tutor.info.languageModel && stored.model === tutor.info.model)),
    );

  const failureEvent = (feature: AiFeature): AiStreamEvent => ({
    event: 'error',
    data: { code: AI_ERROR_CODES.providerFailed, message: SERVICE_FAILED[feature] },
  });
  const interruptedEvent: AiStreamEvent = { event: 'error', data: { ...INTERRUPTED_BY_STOP } };
  /** The server's stop, once the routes have named their server (stopsWith). */
  let serverStop: ServerStopSignals | undefined;

  const authorOf = (text: {
    provider: string;
    model: string;
    languageModel: boolean;
  }): TutorInfo => ({
    provider: text.provider as TutorInfo['provider'],
    model: text.model,
    languageModel: text.languageModel,
  });

  const finishReasonOf = (reason: string): CallResult['finishReason'] =>
    reason === 'stop' || reason === 'length' ? reason : 'other';

  /** The end of a stream that served a stored text: nothing charged, the viewer's balance. */
  async function freeDone(stored: StoredText, viewer: Viewer): Promise<AiStreamEvent> {
    return {
      event: 'done',
      data: {
        content: stored.content,
        finishReason: finishReasonOf(stored.finishReason),
        charged: null,
        tokens: await ledger.balance(viewer.userId, viewer.premium),
      },
    };
  }

  async function* storedEvents(feature: AiFeature, stored: StoredText, viewer: Viewer): Events {
    yield {
      event: 'meta',
      data: {
        feature,
        source: 'cache',
        tutor: authorOf(stored),
        createdAt: stored.createdAt.toISOString(),
      },
    };
    yield { event: 'delta', data: { text: stored.content } };
    yield await freeDone(stored, viewer);
  }

  /** Reads a call of this process: its text as it is written, then its end. */
  async function* followCall(
    feature: AiFeature,
    call: RunningCall,
    viewer: Viewer,
    source: 'generated' | 'shared',
    signal: AbortSignal,
  ): Events {
    yield { event: 'meta', data: { feature, source, tutor: call.author, createdAt: null } };
    try {
      for await (const text of call.broadcast.read(signal))
        yield { event: 'delta', data: { text } };
    } catch (error) {
      yield isServerStopping(error) ? interruptedEvent : failureEvent(feature);
      return;
    }
    if (signal.aborted) {
      if (isServerStopping(signal.reason)) yield interruptedEvent;
      return;
    }
    const result = call.broadcast.result!;
    yield {
      event: 'done',
      data: {
        content: result.content,
        finishReason: result.finishReason,
        charged: source === 'generated' ? result.charged : null,
        tokens: await ledger.balance(viewer.userId, viewer.premium),
      },
    };
  }

  /** Reads a text another server instance is writing, then the stored result. */
  async function* followOtherInstance(
    feature: AiFeature,
    key: string,
    author: TutorInfo,
    findStored: () => Promise<StoredText | undefined>,
    viewer: Viewer,
    signal: AbortSignal,
  ): Events {
    yield { event: 'meta', data: { feature, source: 'shared', tutor: author, createdAt: null } };
    let sent = '';
    for await (const text of hub.follow(key, signal)) {
      sent += text;
      yield { event: 'delta', data: { text } };
    }
    if (signal.aborted) {
      if (isServerStopping(signal.reason)) yield interruptedEvent;
      return;
    }
    const stored = await findStored();
    if (!stored) {
      yield failureEvent(feature);
      return;
    }
    const rest = stored.content.startsWith(sent) ? stored.content.slice(sent.length) : '';
    if (rest) yield { event: 'delta', data: { text: rest } };
    yield await freeDone(stored, viewer);
  }

  /**
   * Reserves the call's tokens (402 when they do not fit) and runs it in the background: it ends
   * by settling the reservation with what was used, then `onCompleted` (or `onFailed`), then the
   * broadcast's end. `signal` aborts it (a chat's client leaving); the server's stop does too, and
   * then the call costs nothing (docs/product-rules.md, "AI tutor and tokens").
   */
  async function startCall(options: {
    viewer: Viewer;
    feature: AiFeature;
    prompt: TutorPrompt;
    /** The team pays it: nothing is set aside or charged to the viewer. */
    free?: boolean;
    signal?: AbortSignal;
    onText?: (text: string) => void;
    onCompleted?: (run: TutorRun) => Promise<void>;
    onFailed?: () => Promise<void>;
  }): Promise<RunningCall> {
    const { viewer, feature, prompt } = options;
    const limitsOf = OUTPUT_LIMITS[feature];
    const reservation = options.free
      ? null
      : await ledger.reserve({
          userId: viewer.userId,
          premium: viewer.premium,
          feature,
          inputTokens: Math.ceil(promptTokens(prompt) * tutor.inputMargin),
          maxOutputTokens: limitsOf.max,
          minOutputTokens: limitsOf.min,
        });
    const abort = new AbortController();
    const stopOnCallerAbort = () => abort.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', stopOnCallerAbort, { once: true });
    if (options.signal?.aborted) stopOnCallerAbort();
    const broadcast = new TextBroadcast<CallResult>();
    const call: RunningCall = { broadcast, author: tutor.info, abort, done: Promise.resolve() };
    calls.add(call);
    call.done = (async () => {
      const run = await runTutor(tutor, prompt, {
        maxOutputTokens: reservation?.maxOutputTokens ?? limitsOf.max,
        signal: abort.signal,
        onText: (text) => {
          broadcast.write(text);
          options.onText?.(text);
        },
      });
      if (run.unbelievableReport) {
        log.warn(
          { reported: run.unbelievableReport, charged: run.usage, feature, tutor: tutor.info },
          'uso de tokens informado pelo provedor fora do possível: cobrado o uso contado aqui',
        );
      }
      const stoppedByServer = run.outcome === 'aborted' && isServerStopping(abort.signal.reason);
      if (stoppedByServer) {
        log.info(
          { used: run.usage, feature, tutor: tutor.info.provider },
          'chamada ao tutor interrompida pela parada do servidor: não cobrada',
        );
      }
      let charged: Pair | null = null;
      const used = stoppedByServer ? NOTHING_USED : run.usage;
      try {
        if (reservation) charged = await ledger.settle(reservation.id, used, run.outcome);
        else await ledger.recordTeamUsage(feature, used);
      } catch (error) {
        // The reservation expires and gives its tokens back; the usage is lost. Logged loudly.
        log.error(
          { err: error, reservationId: reservation?.id, usage: run.usage },
          'falha ao liquidar tokens',
        );
      }
      if (run.outcome === 'failed') {
        log.warn(
          { provider: describeProviderError(run.error), feature, tutor: tutor.info.provider },
          'o provedor de IA falhou',
        );
      }
      if (run.outcome === 'completed' && run.text.trim().length > 0) {
        await options.onCompleted?.(run);
        broadcast.finish({ content: run.text, finishReason: run.finishReason, charged });
      } else {
        await options.onFailed?.();
        broadcast.fail(
          stoppedByServer ? abort.signal.reason : (run.error ?? new Error(run.outcome)),
        );
      }
    })()
      .catch(async (error: unknown) => {
        log.error({ err: error, feature }, 'falha na chamada ao tutor');
        await options.onFailed?.().catch(() => undefined);
        broadcast.fail(error);
      })
      .finally(() => {
        options.signal?.removeEventListener('abort', stopOnCallerAbort);
        calls.delete(call);
      });
    return call;
  }

  /**
   * A text shared by every user: the stored one when there is one (no tokens); otherwise it is
   * written once, paid by the user whose request writes it, while others asking meanwhile receive
   * the same text as it is written, on this instance or another.
   */
  async function sharedText(options: {
    key: string;
    feature: 'feedback' | 'didactic';
    viewer: Viewer;
    regenerate: boolean;
    signal: AbortSignal;
    /** The stored text, when the caller has already looked it up. */
    firstLook?: StoredText;
    findStored: () => Promise<StoredText | undefined>;
    prompt: () => Promise<TutorPrompt>;
    /** Whether the text about to be written is one the team pays (asked only when it is written). */
    free?: () => Promise<boolean>;
    save: (tx: DatabaseHandle['db'], text: NewText) => Promise<void>;
  }): Promise<Events> {
    const { key, feature, viewer, signal } = options;
    const askedAt = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (!options.regenerate) {
        const stored =
          attempt === 0 && 'firstLook' in options ? options.firstLook : await options.findStored();
        if (usable(stored)) return storedEvents(feature, stored, viewer);
      }
      const local = sharedCalls.get(key);
      if (local) return followCall(feature, local, viewer, 'shared', signal);
      const claimed = await claimGeneration(
        db,
        { key, feature, userId: viewer.userId, ...tutor.info },
        LEASE_SECONDS,
      );
      if (!claimed) {
        const other = await findLiveGeneration(db, key);
        if (other) {
          const author = authorOf({ ...other, languageModel: other.language_model });
          return followOtherInstance(feature, key, author, options.findStored, viewer, signal);
        }
        continue; // it ended between the two looks: look again
      }
      try {
        // Someone may have finished this text between the first look and the claim.
        const stored = await options.findStored();
        if (usable(stored) && (!options.regenerate || stored.createdAt.getTime() >= askedAt)) {
          await deleteGeneration(db, key);
          return storedEvents(feature, stored, viewer);
        }
        const free = (await options.free?.()) ?? false;
        const writer = hub.writer(key);
        const release = async () => {
          await writer.stop();
          await deleteGeneration(db, key);
          await hub.announce(key);
        };
        const call = await startCall({
          viewer,
          feature,
          prompt: await options.prompt(),
          free,
          onText: writer.push,
          async onCompleted(run) {
            await writer.stop();
            await inTransaction(db, async (tx) => {
              await options.save(tx, {
                content: run.text,
                finishReason: run.finishReason,
                outputTokens: run.usage.output,
                createdBy: free ? null : viewer.userId,
                ...tutor.info,
              });
              await deleteGeneration(tx, key);
            });
            await hub.announce(key);
          },
          onFailed: release,
        });
        sharedCalls.set(key, call);
        void call.done.finally(() => {
          if (sharedCalls.get(key) === call) sharedCalls.delete(key);
        });
        return followCall(feature, call, viewer, 'generated', signal);
      } catch (error) {
        // Refused (402) or failed before writing: let the key go, and wake anyone following it.
        await deleteGeneration(db, key).catch(() => undefined);
        await hub.announce(key).catch(() => undefined);
        throw error;
      }
    }
    throw AppError.common('server/unavailable', 503);
  }

  return {
    /** Whether a stored text is served by this tutor. */
    usable,

    sharedText,

    /** A text for one request (a chat reply), stopped (and charged what it used) when `signal` aborts. */
    async privateText(options: {
      viewer: Viewer;
      feature: 'chat';
      prompt: TutorPrompt;
      /** The team pays it (docs/product-rules.md, "The tutor after a change of key or comment"). */
      free?: boolean;
      signal: AbortSignal;
    }): Promise<Events> {
      const { viewer, feature, prompt, free, signal } = options;
      const call = await startCall({ viewer, feature, prompt, free, signal });
      return followCall(feature, call, viewer, 'generated', signal);
    },

    /** Drops generation rows of servers that died (housekeeping). */
    purgeDeadGenerations: () => purgeDeadGenerations(db),

    /** Lets close() give running calls the grace period of the server's stop (lib/sse.ts). */
    stopsWith(stop: ServerStopSignals) {
      serverStop = stop;
    },

    /**
     * Stops every running call (each settles, free) before the server closes. During a graceful
     * stop, calls may first finish within the grace period.
     */
    async close() {
      const stop = serverStop;
      while (stop?.begun.aborted && !stop.deadline.aborted && calls.size > 0) {
        const deadline = new Promise<void>((resolve) =>
          stop.deadline.addEventListener('abort', () => resolve(), { once: true }),
        );
        await Promise.race([Promise.allSettled([...calls].map((call) => call.done)), deadline]);
      }
      const running = [...calls];
      for (const call of running) call.abort.abort(new ServerStopping());
      await Promise.allSettled(running.map((call) => call.done));
      await hub.close();
    },
  };
}

export type SharedTextEngine = ReturnType<typeof createSharedTextEngine>;
