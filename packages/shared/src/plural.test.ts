import { describe, expect, it } from 'vitest';
import { countLabel, plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural for every other count, zero included', () => {
    expect(plural(1, 'questão', 'questões')).toBe('questão');
    expect(plural(-1, 'dia', 'dias')).toBe('dia');
    expect(plural(0, 'questão', 'questões')).toBe('questões');
    expect(plural(2, 'compra', 'compras')).toBe('compras');
    expect(plural(1.5, 'hora', 'horas')).toBe('horas');
  });
});

describe('countLabel', () => {
  it('writes the count the pt-BR way with the words that agree with it', () => {
    expect(countLabel(18, 'prova encontrada', 'provas encontradas')).toBe('18 provas encontradas');
    expect(countLabel(1, 'prova encontrada', 'provas encontradas')).toBe('1 prova encontrada');
    expect(countLabel(1, 'pacote concedido', 'pacotes concedidos')).toBe('1 pacote concedido');
    expect(countLabel(0, 'questão', 'questões')).toBe('0 questões');
    expect(countLabel(1204, 'questão', 'questões')).toBe('1.204 questões');
    expect(countLabel(1_000_000, 'resposta', 'respostas')).toBe('1.000.000 respostas');
  });
});
