import { describe, expect, it } from 'vitest';
import { findSyllabusSection } from './syllabus-section';

const SYLLABUS = `CONHECIMENTOS BÁSICOS
LÍNGUA PORTUGUESA: 1 Compreensão de textos. 2 Ortografia oficial.
RACIOCÍNIO LÓGICO: 1 Proposições. 2 Conectivos.`;

function cut(text: string) {
  const section = findSyllabusSection(text);
  return (
    section && { heading: section.heading, content: text.slice(section.start, section.end).trim() }
  );
}

describe('findSyllabusSection', () => {
  it('finds an annex titled CONTEÚDO PROGRAMÁTICO and stops at the next annex', () => {
    const text = `EDITAL Nº 1/2026
1 DAS DISPOSIÇÕES PRELIMINARES
1.1 O concurso será regido por este edital.
ANEXO II – CONTEÚDO PROGRAMÁTICO
${SYLLABUS}
ANEXO III – MODELO DE REQUERIMENTO
Eu, ____, requeiro...`;
    expect(cut(text)).toEqual({ heading: 'ANEXO II – CONTEÚDO PROGRAMÁTICO', content: SYLLABUS });
  });

  it('ignores a mention of the annex inside a sentence and takes the longest section', () => {
    const text = `SUMÁRIO
ANEXO I - CONTEÚDOS PROGRAMÁTICOS
ANEXO II - CRONOGRAMA
2 DAS INSCRIÇÕES
2.1 As provas seguirão o conteúdo programático constante do Anexo I deste edital, que o candidato deve ler.
ANEXO I - CONTEÚDOS PROGRAMÁTICOS
${SYLLABUS}`;
    expect(cut(text)?.content).toBe(SYLLABUS);
  });

  it('finds a heading whose accents a PDF dropped', () => {
    const text = `Preâmbulo do edital.\nCONTEDO PROGRAMTICO\n${SYLLABUS}`;
    expect(cut(text)).toEqual({ heading: 'CONTEDO PROGRAMTICO', content: SYLLABUS });
    expect(cut(`ANEXO I\nCONTEUDO PROGRAMATICO\n${SYLLABUS}`)?.content).toBe(SYLLABUS);
  });

  it("finds Cebraspe's numbered chapter DOS CONHECIMENTOS and stops at the next chapter", () => {
    const text = `13 DOS RECURSOS
13.1 Recursos no prazo.
14 DOS CONHECIMENTOS AVALIADOS NAS PROVAS OBJETIVAS
${SYLLABUS}
15 DAS DISPOSIÇÕES FINAIS
15.1 Casos omissos.`;
    const section = cut(text);
    expect(section?.heading).toBe('14 DOS CONHECIMENTOS AVALIADOS NAS PROVAS OBJETIVAS');
    expect(section?.content).toBe(SYLLABUS);
  });

  it('falls back to CONHECIMENTOS BÁSICOS / ESPECÍFICOS and keeps both parts', () => {
    const text = `Instruções gerais.\n${SYLLABUS}\nCONHECIMENTOS ESPECÍFICOS\nARQUIVOLOGIA: 1 Protocolo.`;
    const section = findSyllabusSection(text)!;
    expect(section.heading).toBe('CONHECIMENTOS BÁSICOS');
    expect(text.slice(section.start)).toContain('ARQUIVOLOGIA');
    expect(section.headingStart).toBe(text.indexOf('CONHECIMENTOS BÁSICOS'));
  });

  it('answers offsets into the text given', () => {
    const text = `Intro\n  CONTEÚDO PROGRAMÁTICO  \n${SYLLABUS}`;
    const section = findSyllabusSection(text)!;
    expect(section.headingStart).toBe(text.indexOf('CONTEÚDO'));
    expect(section.start).toBe(text.indexOf('CONHECIMENTOS'));
    expect(section.end).toBe(text.length);
  });

  it('answers null when there is no such heading', () => {
    expect(findSyllabusSection('Língua Portuguesa: Ortografia; Crase.')).toBeNull();
  });
});
