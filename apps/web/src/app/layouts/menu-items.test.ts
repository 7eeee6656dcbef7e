import { describe, expect, it } from 'vitest';
import { activeMenuPath } from './menu-items';

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

  it('highlights nothing on pages outside the menu', () => {
    expect(activeMenuPath('/termos', '')).toBeNull();
  });
});
