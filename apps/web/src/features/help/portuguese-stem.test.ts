import { describe, expect, it } from 'vitest';
import { stemWord } from './portuguese-stem';

describe('Portuguese stemmer', () => {
  it.each([
    ['cancel', ['cancelar', 'cancelamento', 'cancelada', 'cancelado', 'cancelou', 'cancela']],
    ['plan', ['plano', 'planos']],
    ['assinatur', ['assinatura', 'assinaturas']],
    ['pag', ['pagar', 'pagamento', 'pagamentos', 'pago', 'paga', 'paguei', 'pague']],
    ['renov', ['renovar', 'renovado', 'renovacao', 'renovacoes']],
    ['verific', ['verificar', 'verificacao', 'verifique']],
    ['token', ['token', 'tokens']],
    ['iten', ['item', 'itens']],
    ['valor', ['valor', 'valores']],
    ['automatic', ['automatica', 'automatico', 'automaticamente']],
    ['cobr', ['cobrar', 'cobranca', 'cobrancas']],
  ])('reduces the forms of %s to one stem', (stem, words) => {
    expect(words.map(stemWord)).toEqual(words.map(() => stem));
  });

  it('turns plural endings into the singular ones', () => {
    expect(stemWord('licitacoes')).toBe(stemWord('licitacao'));
    expect(stemWord('anuais')).toBe(stemWord('anual'));
    expect(stemWord('disponiveis')).toBe(stemWord('disponivel'));
    expect(stemWord('vezes')).toBe(stemWord('vez'));
    expect(stemWord('meses')).toBe('mes');
  });

  it('keeps short words, numbers and words that are not plurals', () => {
    expect(stemWord('pix')).toBe('pix');
    expect(stemWord('256')).toBe('256');
    expect(stemWord('2fa')).toBe('2fa');
    expect(stemWord('bonus')).toBe('bonus');
    expect(stemWord('lapis')).toBe('lapis');
    expect(stemWord('mais')).toBe('mais');
  });

  it('never leaves fewer than three letters', () => {
    expect(stemWord('dado')).toBe('dad');
    expect(stemWord('vida')).toBe('vid');
    expect(stemWord('dias')).toBe('dia');
    for (const word of ['ser', 'ver', 'usar', 'idade', 'mente', 'ando', 'amento']) {
      expect(stemWord(word).length, word).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps different words apart', () => {
    expect(stemWord('pixels')).not.toBe(stemWord('pix'));
    expect(stemWord('descancelar')).not.toBe(stemWord('cancelar'));
    expect(stemWord('senha')).not.toBe(stemWord('sem'));
  });
});
