import { describe, expect, it } from 'vitest';
import { text } from './validation';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text', () => {
  it('words the length limit in Portuguese, with the thousands separator', () => {
    expect(messageOf(text(5).safeParse('123456'))).toBe('Use no máximo 5 caracteres.');
    expect(messageOf(text(2000).safeParse('x'.repeat(2001)))).toBe(
      'Use no máximo 2.000 caracteres.',
    );
  });

  it("keeps a field's own message for the limit", () => {
    expect(messageOf(text(3, 'Nome longo demais.').safeParse('abcd'))).toBe('Nome longo demais.');
  });

  it('refuses control characters and accepts line breaks and tabs', () => {
    expect(messageOf(text(10).safeParse('a\u0000b'))).toBe(
      'O texto contém caracteres não permitidos.',
    );
    expect(text(10).safeParse('a\nb\tc').success).toBe(true);
  });
});
