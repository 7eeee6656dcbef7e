import { describe, expect, it } from 'vitest';
import { checkText, describeControlCharacter } from './json-fields';

describe('control characters', () => {
  it('names the first one, with about 20 characters around it', () => {
    expect(
      describeControlCharacter('Em 2023, na questão da prova de \u0082matemática, o candidato'),
    ).toBe(
      'o caractere de controle U+0082 em "…questão da prova de ⟨U+0082⟩matemática, o candid…"',
    );
    expect(describeControlCharacter('a\u0000b\u009Fc')).toBe(
      'o caractere de controle U+0000 em "a⟨U+0000⟩b⟨U+009F⟩c" (e mais 1 no texto)',
    );
  });

  it('allows tab and line breaks, shown as spaces in an excerpt', () => {
    expect(describeControlCharacter('linha 1\nlinha 2\ttab\r\n')).toBeUndefined();
    expect(describeControlCharacter('a\nb\u007F')).toBe(
      'o caractere de controle U+007F em "a b⟨U+007F⟩"',
    );
  });

  it('refuses a text with one, at its path', () => {
    const problems: string[] = [];
    expect(
      checkText('sete\u0085 e meio', '$.x', (path, message) =>
        problems.push(`${path}: ${message}`),
      ),
    ).toBeUndefined();
    expect(problems).toEqual([
      '$.x: contém o caractere de controle U+0085 em "sete⟨U+0085⟩ e meio"',
    ]);
  });

  it('refuses half of a surrogate pair alone, and keeps whole pairs', () => {
    expect(describeControlCharacter('Nota 😀 \ud83d fim')).toBe(
      'o caractere incompleto U+D83D (metade de um emoji ou símbolo cortado) em "Nota 😀 ⟨U+D83D⟩ fim"',
    );
    expect(describeControlCharacter('a\udc00b\u0001')).toBe(
      'o caractere incompleto U+DC00 (metade de um emoji ou símbolo cortado) em "a⟨U+DC00⟩b⟨U+0001⟩" (e mais 1 no texto)',
    );
    expect(describeControlCharacter('😀 ✓')).toBeUndefined();
  });
});
