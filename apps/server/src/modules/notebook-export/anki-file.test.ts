import { describe, expect, it } from 'vitest';
import { ankiFile, ankiTag, questionGuid, questionNote } from './anki-file';
import type { ExportQuestion } from './export-question';
import { replaceFigures } from './question-html';

const question: ExportQuestion = {
  id: 'alfa_2017_prova_3',
  examId: 'alfa_2017_prova',
  number: 3,
  examLabel: 'Professor — Câmara de Alfa (2017)',
  disciplineName: 'Língua Portuguesa',
  subject: 'Interpretação de textos',
  statementHtml:
    '<p>Leia\tcom "atenção".</p>\n<figura imagem="grafico" alt="Um gráfico"></figura><figura imagem="sumiu" alt="Outro"></figura>',
  referenceTextsHtml: [],
  alternatives: [
    { letter: 'A', text: 'Um < dois', html: null, assetId: null },
    { letter: 'B', text: 'Dois', html: '<i>Dois</i>', assetId: null },
  ],
  imageAssetId: null,
  imageUrls: new Map([['grafico', '/api/images/grafico?v=1']]),
  key: 'B',
  firstAnswer: { letter: 'A', answeredAt: '2026-12-01T12:00:00Z' },
  lastWrongAt: '2026-12-01T12:00:00Z',
  commentary: {
    summaryHtml: '<p>Resumo.</p>',
    reasons: [
      { letter: 'A', html: '<p>Errada.</p>' },
      { letter: 'B', html: '<p>Certa.</p>' },
    ],
    sources: [{ kind: 'lei', reference: 'CF, art. 5º', url: null }],
    author: { name: null, reviewedOn: null },
  },
};

/** The file's rows: no field holds a tab once written, so each splits at tabs and unquotes. */
function rowsOf(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.split('\t').map((field) => field.slice(1, -1).replaceAll('""', '"')));
}

describe('Anki file', () => {
  it('gives a question the same note id on every export, apart from anything else about it', () => {
    expect(questionGuid('alfa_2017_prova_3')).toBe('gabarita-questao-alfa_2017_prova_3');
    const again = questionNote({ ...question, statementHtml: '<p>Editada.</p>' }, 'http://x');
    expect(again.guid).toBe(questionNote(question, 'http://y').guid);
  });

  it('makes tags without spaces, discipline then subject', () => {
    expect(ankiTag('Língua Portuguesa', ' Interpretação  de textos ')).toBe(
      'Língua_Portuguesa::Interpretação_de_textos',
    );
  });

  it('writes headers Anki reads and one row per note, whatever the HTML holds', () => {
    const text = ankiFile([questionNote(question, 'https://gabarita.example')]);
    expect(text.split('\n').slice(0, 3)).toEqual([
      '#separator:tab',
      '#html:true',
      '#notetype:Basic',
    ]);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(5);
    const [guid, deck, front, back, tags] = rows[0]!;
    expect(guid).toBe('gabarita-questao-alfa_2017_prova_3');
    expect(deck).toBe('Gabarita::Língua Portuguesa');
    expect(front).toContain('<p>Leia com "atenção".</p>');
    expect(front).toContain(
      '<img src="https://gabarita.example/api/images/grafico?v=1" alt="Um gráfico">',
    );
    expect(front).toContain('[Outro]');
    expect(front).toContain('<b>A)</b> Um &lt; dois');
    expect(front).toContain('<b>B)</b> <i>Dois</i>');
    expect(back).toContain('Gabarito: B');
    expect(back).toContain('<p>Certa.</p>');
    expect(back).not.toContain('Errada.');
    expect(back).toContain('Fundamento: Legislação: CF, art. 5º');
    expect(tags).toBe('Língua_Portuguesa::Interpretação_de_textos');
  });

  it('says an annulled question has no key', () => {
    const note = questionNote({ ...question, key: null, commentary: null }, 'http://x');
    expect(note.back).toContain('Questão anulada');
  });
});

describe('figure markers', () => {
  it('become images where the source knows them, and their description otherwise', () => {
    const html = replaceFigures(
      '<p>a</p><figura imagem="x" alt="X" tipo="linha"></figura><figura imagem="y"></figura>',
      new Map([['x', '/api/images/x']]),
      (url) => `data:${url}`,
    );
    expect(html).toBe('<p>a</p><img src="data:/api/images/x" alt="X">');
  });
});
