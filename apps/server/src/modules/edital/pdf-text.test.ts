import { describe, expect, it } from 'vitest';
import { joinTextItems, type PdfTextItem } from './pdf-text';

/** A run of 10-point text at (x, y), 5 points wide per character. */
function run(str: string, x: number, y: number, hasEOL = false): PdfTextItem {
  return { str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10, hasEOL };
}

describe('joinTextItems', () => {
  it('keeps the runs of a line together and breaks at PDF.js line ends', () => {
    expect(
      joinTextItems([
        run('LÍNGUA ', 50, 700),
        run('PORTUGUESA', 85, 700, true),
        run('1 Crase.', 50, 686),
      ]),
    ).toBe('LÍNGUA PORTUGUESA\n1 Crase.');
  });

  it('puts a space between runs apart on the same line', () => {
    // "PORTUGUESA:" ends at 50 + 11 × 5 = 105; the next run starts 4 points later.
    expect(joinTextItems([run('PORTUGUESA:', 50, 700), run('1 Compreensão', 109, 700)])).toBe(
      'PORTUGUESA: 1 Compreensão',
    );
  });

  it('joins runs that touch (one word drawn in pieces)', () => {
    expect(joinTextItems([run('Adminis', 50, 700), run('tração', 85, 700)])).toBe('Administração');
  });

  it('breaks the line when a run starts on a lower baseline without a line-end mark', () => {
    expect(joinTextItems([run('1 Ortografia.', 50, 700), run('2 Crase.', 50, 686)])).toBe(
      '1 Ortografia.\n2 Crase.',
    );
  });
});
