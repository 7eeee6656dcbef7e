import type { FastifyInstance } from 'fastify';
import { questionDetailSchema, tokensResponseSchema } from '@gabarita/shared';
import { loadConfig, type AiConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import { createOperatorService } from '@/modules/operator/operator.service';
import { APP_ORIGIN, get, send, signedInStudent } from './accounts';
import { parsed } from './contract';
import { parseEvents } from './sse';

/** The tutor's configuration for a test: the offline tutor unless told otherwise, no retries. */
export function aiConfig(
  overrides: Partial<Omit<AiConfig, 'provider'>> & Pick<AiConfig, 'provider'>,
): AiConfig {
  const env =
    overrides.provider === 'gemini'
      ? { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'chave-de-teste' }
      : overrides.provider === 'openai-compatible'
        ? {
            AI_PROVIDER: 'openai-compatible',
            AI_BASE_URL: 'http://127.0.0.1:9/v1',
            AI_MODEL: 'modelo-local',
          }
        : {};
  return { ...loadConfig(env).ai, maxRetries: 0, ...overrides };
}

/**
 * A signed-in student who has checked `questionIds` (the key is then known to them, so the tutor
 * may be asked): Premium, holder of `packages` token packages, both, or neither.
 */
export async function aiStudent(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { premium?: boolean; packages?: number; checked?: string[] } = {},
) {
  const student = await signedInStudent(app, database, { premium: options.premium });
  if (options.packages) {
    await createOperatorService(database).run(
      'user:grant-tokens',
      [student.email, String(options.packages)],
      'direct',
    );
  }
  for (const questionId of options.checked ?? []) {
    const question = parsed(await get(app, `/api/questions/${questionId}`), questionDetailSchema);
    const checked = await send(
      app,
      'POST',
      `/api/questions/${questionId}/check`,
      { letter: question.alternatives[0]!.letter },
      student.cookie,
    );
    if (checked.statusCode !== 200) throw new Error(`check failed: ${checked.body}`);
  }
  return student;
}

/** POST a tutor route through app.inject and read the whole stream (or the JSON error). */
export async function askTutor(app: FastifyInstance, url: string, body: unknown, cookie: string) {
  const response = await send(app, 'POST', url, body, cookie);
  const streamed = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  return { response, events: streamed ? parseEvents(response.body) : [] };
}

export async function tokensOf(app: FastifyInstance, cookie: string) {
  const response = await get(app, '/api/me/tokens', cookie);
  if (response.statusCode !== 200) throw new Error(`tokens: ${response.body}`);
  return parsed(response, tokensResponseSchema);
}

/** Headers of a same-origin JSON request over real HTTP. */
export const jsonHeaders = (cookie: string) => ({
  origin: APP_ORIGIN,
  cookie,
  'content-type': 'application/json',
});
