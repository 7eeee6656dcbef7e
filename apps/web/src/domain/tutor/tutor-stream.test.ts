import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_MESSAGES } from '@gabarita/shared';
import { ApiError } from '@/lib/api-client';
import { sseResponse, tutorAnswer } from '@/test/tutor-fixtures';
import {
  interruptionText,
  streamTutor,
  TUTOR_CUT_OFF_MESSAGE,
  TUTOR_INTERRUPTED_CODE,
} from './tutor-stream';

const RESTARTING = {
  code: 'ai/interrupted',
  message:
    'A resposta foi interrompida porque o servidor está reiniciando. Nada foi cobrado: tente novamente em alguns segundos.',
};

function answering(events: { event: string; data: unknown }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => sseResponse(events)),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the stream did not fail');
}

afterEach(() => vi.unstubAllGlobals());

describe('streamTutor', () => {
  it('returns the done event of a whole answer', async () => {
    answering(tutorAnswer('Metade de 1 é 1/2.'));
    const pieces: string[] = [];
    const done = await streamTutor(
      '/didactic-content',
      {},
      { onDelta: (text) => pieces.push(text) },
    );
    expect(done.content).toBe('Metade de 1 é 1/2.');
    expect(pieces.join('')).toBe('Metade de 1 é 1/2.');
  });

  it('says the answer was interrupted when the stream ends without its last word', async () => {
    answering(tutorAnswer('Metade de 1 é 1/2.').slice(0, 2));
    const error = await failureOf(streamTutor('/didactic-content', {}, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(TUTOR_INTERRUPTED_CODE);
    expect(interruptionText(error)).toBe(TUTOR_CUT_OFF_MESSAGE);
  });

  it("passes on the server's words when its restart interrupted the answer", async () => {
    answering([
      ...tutorAnswer('Metade de 1 é 1/2.').slice(0, 2),
      { event: 'error', data: RESTARTING },
    ]);
    const error = await failureOf(streamTutor('/didactic-content', {}, {}));
    expect(interruptionText(error)).toBe(RESTARTING.message);
  });

  it('leaves other failures to the product text', async () => {
    answering([
      {
        event: 'error',
        data: { code: 'ai/provider-failed', message: AI_MESSAGES.feedbackServiceFailed },
      },
    ]);
    const error = await failureOf(streamTutor('/didactic-content', {}, {}));
    expect((error as ApiError).code).toBe('ai/provider-failed');
    expect(interruptionText(error)).toBeUndefined();
  });
});
