import type { LanguageModel, ModelMessage, streamText } from 'ai';
import type { TutorInfo } from '@gabarita/shared';
import type { AiConfig } from '@/config';
import { createOfflineModel, OFFLINE_OPTIONS_KEY } from './offline-model';
import type { TutorPrompt } from './prompts';
import { countPromptTokens, countTextTokens, type CountablePrompt } from './token-count';

type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;

/** The configured provider behind one interface; every call goes through `runTutor`. */
export interface Tutor {
  info: TutorInfo;
  /**
   * Made at the first call: the AI SDK and its providers hold some 6 MB that a server whose tutor
   * is never called does not need (docs/performance.md, "Memory of a server").
   */
  model: () => Promise<LanguageModel>;
  /** Whether question images are attached (rasterised); their description is always in the text. */
  sendsImages: boolean;
  maxRetries: number;
  providerOptions: ProviderOptions;
  /**
   * Reserved input = local count × this: a provider's tokenizer may count more than ours. The
   * offline tutor reports our own count, so it needs no margin.
   */
  inputMargin: number;
}

function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

export function createTutor(config: AiConfig): Tutor {
  const common = { maxRetries: config.maxRetries };
  switch (config.provider) {
    case 'offline':
      return {
        ...common,
        info: { provider: 'offline', model: config.model, languageModel: false },
        model: madeOnce(async () => createOfflineModel(config.model)),
        sendsImages: false,
        providerOptions: {},
        inputMargin: 1,
      };
    case 'gemini': {
      return {
        ...common,
        info: { provider: 'gemini', model: config.model, languageModel: true },
        model: madeOnce(async () => {
          const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
          const google = createGoogleGenerativeAI({
            apiKey: config.apiKey,
            ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
          });
          return google(config.model);
        }),
        sendsImages: config.images,
        // Gemini 3 models think before answering, and thinking is billed as output: a short
        // explanation needs little of it.
        providerOptions: config.model.startsWith('gemini-3')
          ? { google: { thinkingConfig: { thinkingLevel: 'low' } } }
          : {},
        inputMargin: 1.15,
      };
    }
    case 'openai-compatible': {
      return {
        ...common,
        info: { provider: 'openai-compatible', model: config.model, languageModel: true },
        model: madeOnce(async () => {
          const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
          const provider = createOpenAICompatible({
            name: 'openai-compatible',
            baseURL: config.baseUrl!,
            ...(config.apiKey ? { apiKey: config.apiKey } : {}),
            // Many servers report usage in a stream only when asked (stream_options.include_usage).
            includeUsage: true,
            // Comment drafts ask for JSON with its schema (response_format json_schema), which the
            // usual servers (OpenAI, vLLM, Ollama, llama.cpp, LM Studio) accept.
            supportsStructuredOutputs: true,
          });
          return provider.chatModel(config.model);
        }),
        sendsImages: config.images,
        providerOptions: {},
        inputMargin: 1.15,
      };
    }
  }
}

function countable(system: string, messages: ModelMessage[]): CountablePrompt {
  return {
    system,
    messages: messages.map((message) => {
      if (typeof message.content === 'string') return { texts: [message.content], images: 0 };
      const texts: string[] = [];
      let images = 0;
      for (const part of message.content) {
        if (part.type === 'text') texts.push(part.text);
        else if (part.type === 'image' || part.type === 'file') images += 1;
      }
      return { texts, images };
    }),
  };
}

/** Input tokens of a prompt by the local count. */
export function promptTokens(prompt: TutorPrompt): number {
  return countPromptTokens(countable(prompt.system, prompt.messages));
}

type Usage = { input: number; output: number };

/**
 * How far a provider's report may exceed what we sent and allowed: our count of the prompt (images
 * included) and the call's output limit, times this, plus a little. Generous enough for another
 * tokenizer and for thinking tokens; a report beyond it is not believed.
 */
const USAGE_CEILING_FACTOR = 4;
const USAGE_CEILING_SLACK = 1_000;

export function usageCeiling(promptInput: number, maxOutputTokens: number): Usage {
  return {
    input: promptInput * USAGE_CEILING_FACTOR + USAGE_CEILING_SLACK,
    output: maxOutputTokens * USAGE_CEILING_FACTOR + USAGE_CEILING_SLACK,
  };
}

/**
 * What a call is charged from the provider's report: each side as reported when it is a whole
 * number from zero to the ceiling; our own count when the report is missing, negative or not a
 * number (a provider's report never gives tokens back); the ceiling when it is above it.
 * `adjusted` says the report was not taken as it came (the caller logs it).
 */
export function acceptedUsage(
  reported: { input?: number; output?: number },
  counted: Usage,
  ceiling: Usage,
): { usage: Usage; adjusted: boolean } {
  let adjusted = false;
  const side = (key: keyof Usage) => {
    const value = reported[key];
    if (value === undefined) return counted[key];
    if (!Number.isFinite(value) || value < 0) {
      adjusted = true;
      return counted[key];
    }
    if (value > ceiling[key]) {
      adjusted = true;
      return ceiling[key];
    }
    return Math.round(value);
  };
  const usage = { input: side('input'), output: side('output') };
  return { usage, adjusted };
}

/** How one call ended, and what it used. */
export interface TutorRun {
  text: string;
  /** What to charge: the provider's report where it gave a believable one, our count otherwise. */
  usage: Usage;
  /** Whether the provider reported the usage (input and output). */
  reported: boolean;
  /** The provider's report, when it was not believed as it came (acceptedUsage). */
  unbelievableReport?: { input?: number; output?: number };
  /** completed; aborted (the client left, or the server is stopping); failed (provider error). */
  outcome: 'completed' | 'aborted' | 'failed';
  finishReason: 'stop' | 'length' | 'other';
  error?: unknown;
}

/** No call may run longer than this; the reservation outlives it. */
const CALL_TIMEOUT_MS = 3 * 60 * 1000;

/**
 * Runs one call through the AI SDK's streamText, for every provider alike: streams the text to
 * `onText` and works out what the call used. A call that ends before its first word costs nothing;
 * after that, an aborted or failed call is charged its prompt and the text received.
 */
export async function runTutor(
  tutor: Tutor,
  prompt: TutorPrompt,
  call: {
    maxOutputTokens: number;
    signal: AbortSignal;
    onText: (text: string) => void;
  },
): Promise<TutorRun> {
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const abortSignal = AbortSignal.any([call.signal, timeout]);
  const providerOptions: ProviderOptions =
    tutor.info.provider === 'offline'
      ? { [OFFLINE_OPTIONS_KEY]: { task: JSON.parse(JSON.stringify(prompt.task)) } }
      : tutor.providerOptions;
  let text = '';
  let reportedInput: number | undefined;
  let reportedOutput: number | undefined;
  let finishReason: TutorRun['finishReason'] = 'other';
  let finished = false;
  let failure: unknown;

  try {
    const { streamText } = await import('ai');
    const result = streamText({
      model: await tutor.model(),
      system: prompt.system,
      messages: prompt.messages,
      maxOutputTokens: call.maxOutputTokens,
      maxRetries: tutor.maxRetries,
      temperature: 0.3,
      abortSignal,
      providerOptions,
      // Failures arrive as parts of the stream below; nothing to print.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        call.onText(part.text);
      } else if (part.type === 'finish') {
        finished = true;
        reportedInput = part.totalUsage.inputTokens;
        reportedOutput = part.totalUsage.outputTokens;
        finishReason =
          part.finishReason === 'stop' || part.finishReason === 'length'
            ? part.finishReason
            : 'other';
      } else if (part.type === 'error') {
        failure ??= part.error;
      }
    }
  } catch (error) {
    failure ??= error;
  }

  const aborted = call.signal.aborted;
  const outcome: TutorRun['outcome'] = aborted
    ? 'aborted'
    : failure || !finished || timeout.aborted
      ? 'failed'
      : 'completed';
  const began = text.length > 0 || reportedInput !== undefined;
  const reported = { input: reportedInput, output: reportedOutput };
  const promptInput = began ? promptTokens(prompt) : 0;
  const { usage, adjusted } = began
    ? acceptedUsage(
        reported,
        { input: promptInput, output: countTextTokens(text) },
        usageCeiling(promptInput, call.maxOutputTokens),
      )
    : { usage: { input: 0, output: 0 }, adjusted: false };
  return {
    text,
    usage,
    reported: reportedInput !== undefined && reportedOutput !== undefined,
    ...(adjusted ? { unbelievableReport: reported } : {}),
    outcome,
    finishReason,
    ...(outcome === 'failed'
      ? { error: failure ?? (timeout.aborted ? new Error('timeout') : new Error('incomplete')) }
      : {}),
  };
}
