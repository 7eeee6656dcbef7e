import type * as AiSdk from 'ai';
import type { LanguageModelUsage } from 'ai';
import {
  countPromptTokens,
  acceptedUsage,
  type Tutor,
  usageCeiling,
  type TutorQuestion,
  type TutorStudyNotes,
} from '@/modules/ai';
import { type DraftAnswer, draftPrompt, draftSchema } from './draft-prompt';

/** Room for five reasons in JSON, and for the thinking some models bill as output. */
const MAX_OUTPUT_TOKENS = 4_000;
/** A draft that takes longer than this is given up (the batch goes on with the next question). */
export const DRAFT_CALL_TIMEOUT_MS = 120_000;

type Usage = { input: number; output: number };

export type DraftOutcome =
  | { kind: 'drafted'; answer: DraftAnswer; usage: Usage }
  | { kind: 'refused' | 'malformed' | 'timeout' | 'failed'; detail: string; usage: Usage };

/**
 * Asks the model for one question's comment as structured output checked against the schema
 * (AI SDK `Output.object`). Never throws for what a provider does: every way a call can end is an
 * outcome, with what it used (the provider's report when believable, our count of the prompt
 * otherwise).
 */
export async function draftComment(
  tutor: Tutor,
  question: TutorQuestion,
  notes: TutorStudyNotes | null,
  options: { image?: { data: Uint8Array; mediaType: string }; timeoutMs?: number } = {},
): Promise<DraftOutcome> {
  const { system, text } = draftPrompt(question, notes);
  const counted = countPromptTokens({
    system,
    messages: [{ texts: [text], images: options.image ? 1 : 0 }],
  });
  const ceiling = usageCeiling(counted, MAX_OUTPUT_TOKENS);
  const used = (reported: LanguageModelUsage | undefined) =>
    acceptedUsage(
      { input: reported?.inputTokens, output: reported?.outputTokens },
      { input: counted, output: 0 },
      ceiling,
    ).usage;
  const letters = question.alternativas.map((alternative) => alternative.letter);

  // Loaded at the first draft, like the tutor's model (tutor.ts).
  const ai = await import('ai');
  try {
    const result = await ai.generateText({
      model: await tutor.model(),
      system,
      messages: [
        {
          role: 'user',
          content: options.image
            ? [
                { type: 'text', text },
                { type: 'image', image: options.image.data, mediaType: options.image.mediaType },
              ]
            : text,
        },
      ],
      output: ai.Output.object({ schema: draftSchema(letters), name: 'comentario' }),
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: tutor.maxRetries,
      temperature: 0.2,
      abortSignal: AbortSignal.timeout(options.timeoutMs ?? DRAFT_CALL_TIMEOUT_MS),
      providerOptions: tutor.providerOptions,
    });
    if (result.finishReason === 'content-filter') {
      return { kind: 'refused', detail: 'o modelo recusou', usage: used(result.usage) };
    }
    return { kind: 'drafted', answer: result.output, usage: used(result.usage) };
  } catch (error) {
    return failedDraft(error, used, ai);
  }
}

function failedDraft(
  thrown: unknown,
  used: (reported: LanguageModelUsage | undefined) => Usage,
  { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError }: typeof AiSdk,
): DraftOutcome {
  // After its retries the SDK reports the last attempt's error.
  const error = RetryError.isInstance(thrown) ? thrown.lastError : thrown;
  if (NoObjectGeneratedError.isInstance(error)) {
    if (error.finishReason === 'content-filter') {
      return { kind: 'refused', detail: 'o modelo recusou', usage: used(error.usage) };
    }
    const parsed = error.message.includes('could not parse');
    return {
      kind: 'malformed',
      detail: parsed
        ? 'a resposta não é um JSON válido'
        : `a resposta não segue o esquema (${schemaProblem(error.cause)})`,
      usage: used(error.usage),
    };
  }
  if (NoOutputGeneratedError.isInstance(error)) {
    // The call ended without text: a refusal (safety, content filter) or an empty answer.
    return { kind: 'refused', detail: 'o modelo terminou sem resposta', usage: used(undefined) };
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'timeout', detail: 'o modelo não respondeu a tempo', usage: used(undefined) };
  }
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  const cause = error instanceof Error ? error.message : String(error);
  return {
    kind: 'failed',
    detail: status ? `o provedor respondeu HTTP ${status}` : `falha ao chamar o provedor: ${cause}`,
    usage: used(undefined),
  };
}

/** The first schema problem, as a path: 'alternativas.C: …'. */
function schemaProblem(cause: unknown): string {
  const issues = (cause as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } })
    ?.cause?.issues;
  const first = issues?.[0];
  if (!first) return 'campos ausentes ou de outro tipo';
  return `${first.path.map(String).join('.') || '$'}: ${first.message}`;
}
