import { describe, expect, it } from 'vitest';
import { dropPageFurniture, joinTextItems, type PdfTextItem } from './pdf-text';

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

describe('dropPageFurniture', () => {
  const header = (n: number) => `CEBRASPE – TRF 1 – Edital 1 – Abertura – Página ${n} de 4`;

  it('drops headers repeated on the pages and bare page numbers, keeping the topic whole', () => {
    const pages = [
      `${header(1)}\nLÍNGUA PORTUGUESA: 1 Compreensão de textos. 2 Direitos e deveres individuais e\n1`,
      `${header(2)}\ncoletivos. 3 Ortografia oficial.\n2`,
      `${header(3)}\nRACIOCÍNIO LÓGICO: 1 Proposições.\n3`,
      `${header(4)}\n2 Conectivos.\nPágina 4`,
    ];
    expect(dropPageFurniture(pages).join('\n')).toBe(
      'LÍNGUA PORTUGUESA: 1 Compreensão de textos. 2 Direitos e deveres individuais e\ncoletivos. 3 Ortografia oficial.\nRACIOCÍNIO LÓGICO: 1 Proposições.\n2 Conectivos.',
    );
  });

  it('keeps lines that repeat on too few pages, and numbered items at a page edge', () => {
    const pages = [
      'MATEMÁTICA\n1 Razão.',
      '2 Proporção.\nMATEMÁTICA',
      '3 Porcentagem.',
      '4 Juros.',
      '5 Descontos.',
    ];
    expect(dropPageFurniture(pages)).toEqual(pages);
  });

  it('keeps a numbered item repeated at the edge of many pages', () => {
    const pages = ['FÍSICA:\n1 Conceitos.', 'QUÍMICA:\n1 Conceitos.', 'BIOLOGIA:\n1 Conceitos.'];
    expect(dropPageFurniture(pages)).toEqual(pages);
  });

  it('keeps an item number alone at a page edge when it does not follow the pages', () => {
    const pages = [
      'MATEMÁTICA: 1 Razão.\n5',
      'Porcentagem.\n2',
      'INFORMÁTICA\n1 Hardware.\n3',
      '2 Software.\n4',
    ];
    const text = dropPageFurniture(pages).join('\n');
    expect(text).toBe(
      'MATEMÁTICA: 1 Razão.\n5\nPorcentagem.\nINFORMÁTICA\n1 Hardware.\n2 Software.',
    );
  });
});
