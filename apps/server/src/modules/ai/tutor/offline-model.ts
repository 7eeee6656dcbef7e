import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { offlineText } from './offline-writer';
import { countPromptTokens, countTextTokens, truncateToTokens } from './token-count';
import type { TutorTask } from './tutor-task';

/** Where the offline model finds its task in a call's provider options. */
export const OFFLINE_OPTIONS_KEY = 'gabaritaOffline';

/** The prompt's texts and images, counted as our own prompts are counted before a call. */
export function countV3Prompt(prompt: LanguageModelV3Prompt): number {
  const system: string[] = [];
  const messages: { texts: string[]; images: number }[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const texts: string[] = [];
    let images = 0;
    for (const part of message.content) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'file') images += 1;
    }
    messages.push({ texts, images });
  }
  return countPromptTokens({ system: system.join('\n'), messages });
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** The text in pieces of a few words, as a model would stream it. */
function pieces(text: string): string[] {
  return (
    text.match(/\S+\s*|\s+/g)?.reduce<string[]>((chunks, word, index) => {
      if (index % 4 === 0) chunks.push(word);
      else chunks[chunks.length - 1] += word;
      return chunks;
    }, []) ?? []
  );
}

function taskOf(options: LanguageModelV3CallOptions): TutorTask {
  const task = options.providerOptions?.[OFFLINE_OPTIONS_KEY]?.task as TutorTask | undefined;
  if (!task) throw new Error('offline tutor called without its task');
  return task;
}

/**
 * The offline tutor as an AI SDK language model, so that it goes through exactly the path of the
 * real providers (streamText, metering, the ledger). It writes from the task it finds in the call's
 * provider options, streams it in pieces, honours the output limit and the abort signal, and
 * reports usage by the local tokenizer. It is not a language model and says so.
 */
export function createOfflineModel(modelId: string): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'gabarita.offline',
    modelId,
    supportedUrls: {},

    async doGenerate(options) {
      const full = offlineText(taskOf(options));
      const limit = options.maxOutputTokens ?? Number.POSITIVE_INFINITY;
      const text = truncateToTokens(full, limit);
      const output = countTextTokens(text);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: text === full ? 'stop' : 'length', raw: undefined },
        usage: usageOf(countV3Prompt(options.prompt), output),
        warnings: [],
      };
    },

    async doStream(options) {
      const task = taskOf(options);
      const input = countV3Prompt(options.prompt);
      const full = offlineText(task);
      const limit = options.maxOutputTokens ?? Number.POSITIVE_INFINITY;
      const text = truncateToTokens(full, limit);
      const chunks = pieces(text);
      const signal = options.abortSignal;
      let index = 0;
      let written = '';
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'response-metadata', modelId, timestamp: new Date() });
          controller.enqueue({ type: 'text-start', id: 'text' });
        },
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('aborted', 'AbortError'));
            return;
          }
          const chunk = chunks[index];
          if (chunk !== undefined) {
            index += 1;
            written += chunk;
            controller.enqueue({ type: 'text-delta', id: 'text', delta: chunk });
            // Yield to the event loop between pieces, as a network stream would.
            await new Promise((resolve) => setImmediate(resolve));
            return;
          }
          controller.enqueue({ type: 'text-end', id: 'text' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: text === full ? 'stop' : 'length', raw: undefined },
            usage: usageOf(input, countTextTokens(written)),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
