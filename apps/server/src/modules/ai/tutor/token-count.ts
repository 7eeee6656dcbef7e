import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';

type Tokenizer = typeof GptTokenizer;
let tokenizer: Tokenizer | undefined;

/**
 * The tokenizer, loaded at its first count: its tables hold about 70 MB, which a server whose tutor
 * has not yet been used does not need (docs/performance.md, "Memory of a server"). Synchronously,
 * since counting is; the load costs a few hundred milliseconds once.
 */
function loadTokenizer(): Tokenizer {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer') as Tokenizer;
  return tokenizer;
}

// Text is data here: a "<|endoftext|>" typed by a student is just characters.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of a text by the local tokenizer (o200k). Providers count with their own tokenizers. */
export function countTextTokens(text: string): number {
  return text.length === 0 ? 0 : loadTokenizer().countTokens(text, AS_TEXT);
}

/** The text cut to at most `maxTokens` tokens. */
export function truncateToTokens(text: string, maxTokens: number): string {
  const { encode, decode } = loadTokenizer();
  const tokens = encode(text, AS_TEXT);
  return tokens.length <= maxTokens ? text : decode(tokens.slice(0, Math.max(0, maxTokens)));
}

/** What one image costs a provider, at most (Gemini bills a large image as 1,120 tokens). */
export const IMAGE_TOKENS = 1_120;
/** Per-message framing the chat formats add around each message. */
const MESSAGE_OVERHEAD = 4;
const PROMPT_OVERHEAD = 3;

/** A prompt reduced to what is counted: its texts and how many images each message carries. */
export interface CountablePrompt {
  system: string;
  messages: { texts: string[]; images: number }[];
}

/**
 * Input tokens of a prompt by the local count: what the offline tutor reports, and what a call is
 * charged when a provider reports no usage.
 */
export function countPromptTokens(prompt: CountablePrompt): number {
  let total = PROMPT_OVERHEAD + countTextTokens(prompt.system) + MESSAGE_OVERHEAD;
  for (const message of prompt.messages) {
    total += MESSAGE_OVERHEAD + message.images * IMAGE_TOKENS;
    for (const text of message.texts) total += countTextTokens(text);
  }
  return total;
}
