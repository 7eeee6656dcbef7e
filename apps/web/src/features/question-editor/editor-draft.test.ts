import { describe, expect, it } from 'vitest';
import { snapshot } from '@/test/question-editor-fixtures';
import { draftOf, emptyComment, fieldId, fieldKeys, placeErrors, snapshotOf } from './editor-draft';
import { compareSnapshots, diffWords } from './version-diff';

describe('draftOf / snapshotOf', () => {
  it.each([
    ['a question with every kind of alternative and a comment', snapshot()],
    [
      'an annulled question with an image, no texts and an empty list of grounds',
      snapshot({
        situacao: 'anulada',
        nota: 'Duas corretas.',
        img: ['figura_1', 'Mapa do Brasil'],
        referencia: [],
        textos: {},
        comentario: { resumo: 'R', alternativas: { A: 'a' }, fundamento: [] },
        Alternativas: [{ letra: 'A', texto: 'Texto com <sinais> & aspas "' }, 'B) Certo'],
      }),
    ],
    [
      'a question without comment or state',
      snapshot({ comentario: undefined, referencia: undefined, textos: {} }),
    ],
  ])('gives back %s exactly when nothing is edited', (_name, original) => {
    expect(snapshotOf(original, draftOf(original))).toEqual(JSON.parse(JSON.stringify(original)));
  });

  it('keeps the key and the annulment whatever the draft says', () => {
    const original = snapshot({ situacao: 'anulada' });
    const draft = { ...draftOf(original), outdated: true };
    const saved = snapshotOf(original, draft);
    expect(saved.situacao).toBe('anulada');
    expect(saved.gabarito).toBe('B');
  });

  it('drops the note of a question made regular again, and empty reasons', () => {
    const original = snapshot({ situacao: 'desatualizada', nota: 'Lei nova.' });
    const draft = draftOf(original);
    const regular = snapshotOf(original, { ...draft, outdated: false });
    expect(regular.situacao).toBeUndefined();
    expect(regular.nota).toBeUndefined();

    const comment = emptyComment(['A', 'B']);
    comment.reasons[0]!.text = 'Por quê.';
    expect(snapshotOf(original, { ...draft, comment }).comentario).toEqual({
      resumo: '',
      alternativas: { A: 'Por quê.' },
    });
  });

  it('saves only the texts the question uses', () => {
    const original = snapshot();
    const draft = draftOf(original);
    const saved = snapshotOf(original, {
      ...draft,
      references: ['id_texto2'],
      texts: { ...draft.texts, id_texto2: '<p>Outro.</p>' },
    });
    expect(saved.referencia).toEqual(['id_texto2']);
    expect(saved.textos).toEqual({ id_texto2: '<p>Outro.</p>' });
  });
});

describe('placeErrors', () => {
  it('puts each problem at the field with the longest matching path, the rest apart', () => {
    const keys = fieldKeys(draftOf(snapshot()));
    const placed = placeErrors(
      {
        questao: 'um',
        'Alternativas[2]': 'dois',
        'Alternativas[3].descricao': 'três',
        'comentario.fundamento[0].url': 'quatro',
        'comentario.alternativas': 'cinco',
        'textos.id_texto1': 'seis',
        'disciplinas.matematica': 'sete',
      },
      keys,
    );
    expect(placed.byField).toEqual({
      questao: 'um',
      'Alternativas[2]': 'dois',
      'Alternativas[3]': 'três',
      'comentario.fundamento[0].url': 'quatro',
      'comentario.alternativas': 'cinco',
      'textos.id_texto1': 'seis',
    });
    expect(placed.unplaced).toEqual([['disciplinas.matematica', 'sete']]);
  });

  it('names the controls with ids a link can point to', () => {
    expect(fieldId('Alternativas[2]')).toBe('campo-Alternativas-2');
    expect(fieldId('comentario.fundamento[0].url')).toBe('campo-comentario-fundamento-0-url');
  });
});

describe('diffWords', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(diffWords('<p>O valor de x é 2.</p>', '<p>O valor de y é 2.</p>')).toEqual([
      { kind: 'same', text: '<p>O valor de ' },
      { kind: 'removed', text: 'x' },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: ' é 2.</p>' },
    ]);
    expect(diffWords('', 'Novo texto')).toEqual([{ kind: 'added', text: 'Novo texto' }]);
    expect(diffWords('igual', 'igual')).toEqual([{ kind: 'same', text: 'igual' }]);
  });

  it('shows a very long rewrite as the old text and the new one', () => {
    const before = Array.from({ length: 2_100 }, (_, index) => `a${index}`).join(' ');
    const after = Array.from({ length: 2_100 }, (_, index) => `b${index}`).join(' ');
    expect(diffWords(before, after)).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  });
});

describe('compareSnapshots', () => {
  it('puts the fields that differ under the lines of changes that name them', () => {
    const previous = snapshot({ assunto: 'Funções', textos: { id_texto1: '<p>Antes.</p>' } });
    const current = snapshot({ assunto: 'Função afim', textos: { id_texto1: '<p>Depois.</p>' } });
    const sections = compareSnapshots(previous, current, [
      'Assunto: "Funções" → "Função afim"',
      'Texto de referência id_texto1 alterado',
    ]);
    expect(
      sections.map((section) => [section.heading, section.fields.map((f) => f.label)]),
    ).toEqual([
      ['Assunto: "Funções" → "Função afim"', ['Assunto']],
      ['Texto de referência id_texto1 alterado', ['Texto de referência id_texto1']],
    ]);
  });

  it("lists what no line names under 'Outras diferenças'", () => {
    const sections = compareSnapshots(snapshot(), snapshot({ assunto: 'Outro' }), []);
    expect(sections).toEqual([
      {
        heading: 'Outras diferenças',
        fields: [{ key: 'assunto', label: 'Assunto', before: 'Funções', after: 'Outro' }],
      },
    ]);
  });
});
