import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../messages/ai';
import { chatRequestSchema, didacticContentRequestSchema, parseAiStreamEvent } from './ai';

describe('tutor contract', () => {
  it('reads the events of a stream and refuses anything else', () => {
    expect(parseAiStreamEvent('delta', '{"text":"Olá"}')).toEqual({
      event: 'delta',
      data: { text: 'Olá' },
    });
    expect(
      parseAiStreamEvent(
        'meta',
        JSON.stringify({
          feature: 'feedback',
          source: 'cache',
          tutor: { provider: 'offline', model: 'gabarita-offline-2', languageModel: false },
          createdAt: '2026-11-23T12:00:00.000Z',
        }),
      ).event,
    ).toBe('meta');
    expect(() => parseAiStreamEvent('progress', '{}')).toThrow();
    expect(() => parseAiStreamEvent('delta', '{"texto":"x"}')).toThrow();
  });

  it('checks a chat message and its conversation with the product texts', () => {
    expect(chatRequestSchema.parse({ message: '  Por que a B?  ' })).toEqual({
      message: 'Por que a B?',
      history: [],
    });
    expect(chatRequestSchema.safeParse({ message: ' ' }).error?.issues[0]?.message).toBe(
      AI_MESSAGES.chatEmpty,
    );
    expect(
      chatRequestSchema.safeParse({ message: 'Oi', history: [{ role: 'assistant', text: 'x' }] })
        .success,
    ).toBe(false);
  });

  it('asks for a study text by discipline code and subject, regenerating only on request', () => {
    expect(didacticContentRequestSchema.parse({ disciplina: 'artes', assunto: 'Teatro' })).toEqual({
      disciplina: 'artes',
      assunto: 'Teatro',
      regenerate: false,
    });
  });
});
