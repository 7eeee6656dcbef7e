import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, text } from './validation';

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

  it('refuses half of a surrogate pair and accepts whole pairs', () => {
    for (const broken of ['a\ud800', '\ud800b', '\udc00', 'x\udfffy', '\ud83d\ud83d\ude00\ude00']) {
      expect(messageOf(text(10).safeParse(broken)), JSON.stringify(broken)).toBe(
        'O texto contém caracteres não permitidos.',
      );
    }
    expect(text(10).safeParse('ok 😀 ✓').success).toBe(true);
    expect(hasLoneSurrogate('😀😀')).toBe(false);
    expect(hasLoneSurrogate('😀'.slice(0, 1))).toBe(true);
    expect(hasLoneSurrogate('😀'.slice(1))).toBe(true);
  });
});
