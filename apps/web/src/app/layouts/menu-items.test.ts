import { describe, expect, it } from 'vitest';
import { activeMenuPath, menuItemsFor } from './menu-items';

describe('the menu entry a page belongs to', () => {
  it('is the entry itself for the menu pages', () => {
    expect(activeMenuPath('/', '')).toBe('/');
    expect(activeMenuPath('/meu-desempenho', '')).toBe('/meu-desempenho');
    expect(activeMenuPath('/ajuda/', '')).toBe('/ajuda');
  });

  it("puts an exam's dashboard and questions under 'Questões de concurso'", () => {
    expect(activeMenuPath('/prova-dashboard', '?prova=x_prova')).toBe('/');
    expect(activeMenuPath('/questoes', '?prova=x_prova&q=x_1')).toBe('/');
  });

  it("puts questions opened from a discipline under 'Disciplinas isoladas'", () => {
    expect(activeMenuPath('/questoes', '?disciplina=MAT&q=x_1')).toBe('/conteudo-didatico');
  });

  it('puts payments under the plans and a simulado under Simulados', () => {
    expect(activeMenuPath('/pagamento', '?id=1')).toBe('/assinatura');
    expect(activeMenuPath('/simulado', '?id=abc')).toBe('/simulados');
  });

  it("puts every page of the editorial area under 'Área editorial'", () => {
    expect(activeMenuPath('/admin', '')).toBe('/admin');
    expect(activeMenuPath('/admin/reportes', '?situacao=todos&reporte=abc')).toBe('/admin');
    expect(activeMenuPath('/admin/registro/', '')).toBe('/admin');
    expect(activeMenuPath('/administracao', '')).toBeNull();
  });

  it("puts an exam of another kind, its page and its questions, under that kind's entry", () => {
    expect(activeMenuPath('/prova-dashboard', '?prova=x_prova', 'enem')).toBe('/?tipo=enem');
    expect(activeMenuPath('/questoes', '?prova=x_prova&q=x_1', 'vestibular')).toBe(
      '/?tipo=vestibular',
    );
    expect(activeMenuPath('/questoes', '?prova=x_prova&q=x_1', 'concurso')).toBe('/');
    expect(activeMenuPath('/questoes', '?prova=x_prova&q=x_1', null)).toBe('/');
  });

  it("puts the exam list of another kind under that kind's entry", () => {
    expect(activeMenuPath('/', '?tipo=enem')).toBe('/?tipo=enem');
    expect(activeMenuPath('/', '?tipo=vestibular')).toBe('/?tipo=vestibular');
    expect(activeMenuPath('/', '?tipo=concurso')).toBe('/');
  });

  it('highlights nothing on pages outside the menu', () => {
    expect(activeMenuPath('/termos', '')).toBeNull();
  });
});

describe('the entries of the kinds of exam', () => {
  const labels = (kinds: string[]) => menuItemsFor(kinds).map((item) => item.label);

  it('follow the concursos, in the order of the rules, only for the kinds the catalogue has', () => {
    expect(labels(['vestibular', 'concurso', 'enem']).slice(0, 4)).toEqual([
      'Questões de concurso',
      'Questões do ENEM',
      'Questões de vestibular',
      'Disciplinas isoladas',
    ]);
    expect(menuItemsFor(['enem'])[1]).toMatchObject({ to: '/?tipo=enem' });
  });

  it('leave the menu as it was for a catalogue of concursos only', () => {
    expect(labels(['concurso'])).toEqual(labels([]));
    expect(labels([])[0]).toBe('Questões de concurso');
    expect(labels([])[1]).toBe('Disciplinas isoladas');
  });
});
