import { EDITAL_LIMITS } from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import { countTopics, parseSyllabus, type SyllabusDiscipline } from './syllabus-parser';

function parsed(text: string, knownNames?: string[]): SyllabusDiscipline[] {
  const result = parseSyllabus(text, { knownNames });
  if (!result.ok) throw new Error(`parse failed: ${result.problem}`);
  return result.disciplines;
}

/** [name, top-level topics, all topics] per discipline. */
function shape(text: string, knownNames?: string[]) {
  return parsed(text, knownNames).map((d) => [d.name, d.topics.length, countTopics(d.topics)]);
}

function texts(discipline: SyllabusDiscipline | undefined): string[] {
  return (discipline?.topics ?? []).map((topic) => topic.text);
}

const CEBRASPE_PORTUGUES =
  'LÍNGUA PORTUGUESA: 1 Compreensão e interpretação de textos de gêneros variados. 2 Reconhecimento de tipos e gêneros textuais. 3 Domínio da ortografia oficial. 4 Domínio dos mecanismos de coesão textual. 4.1 Emprego de elementos de referenciação, substituição e repetição, de conectores e de outros elementos de sequenciação textual. 4.2 Emprego de tempos e modos verbais. 5 Domínio da estrutura morfossintática do período. 5.1 Emprego das classes de palavras. 5.2 Relações de coordenação entre orações e entre termos da oração. 5.3 Relações de subordinação entre orações e entre termos da oração. 5.4 Emprego dos sinais de pontuação. 5.5 Concordância verbal e nominal. 5.6 Regência verbal e nominal. 5.7 Emprego do sinal indicativo de crase. 5.8 Colocação dos pronomes átonos. 6 Reescrita de frases e parágrafos do texto. 6.1 Significação das palavras. 6.2 Substituição de palavras ou de trechos de texto. 6.3 Reorganização da estrutura de orações e de períodos do texto. 6.4 Reescrita de textos de diferentes gêneros e níveis de formalidade.';

describe('Cebraspe: numbered items run together on one line', () => {
  it('reads topics and sub-topics with the edital numbering and wording', () => {
    const [discipline] = parsed(CEBRASPE_PORTUGUES);
    expect(discipline?.name).toBe('LÍNGUA PORTUGUESA');
    expect(discipline?.topics.map((t) => t.number)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(discipline?.topics[4]?.text).toBe('Domínio da estrutura morfossintática do período');
    expect(discipline?.topics[4]?.children.map((t) => t.number)).toEqual([
      '5.1',
      '5.2',
      '5.3',
      '5.4',
      '5.5',
      '5.6',
      '5.7',
      '5.8',
    ]);
    expect(discipline?.topics[4]?.children[6]?.text).toBe('Emprego do sinal indicativo de crase');
    expect(countTopics(discipline!.topics)).toBe(20);
  });

  it('separates several disciplines on separate lines, dropping the group title', () => {
    const text = `CONHECIMENTOS BÁSICOS
${CEBRASPE_PORTUGUES}
NOÇÕES DE DIREITO ADMINISTRATIVO: 1 Estado, governo e administração pública: conceitos, elementos, poderes e organização. 2 Ato administrativo. 2.1 Conceito, requisitos, atributos, classificação e espécies. 2.2 Extinção do ato administrativo: cassação, anulação, revogação e convalidação. 3 Agentes públicos. 3.1 Lei nº 8.112/1990 e suas alterações. 3.2 Disposições doutrinárias. 4 Poderes administrativos.`;
    expect(shape(text)).toEqual([
      ['LÍNGUA PORTUGUESA', 6, 20],
      ['NOÇÕES DE DIREITO ADMINISTRATIVO', 4, 8],
    ]);
  });

  it('separates disciplines run together on the same line', () => {
    const text = `${CEBRASPE_PORTUGUES} RACIOCÍNIO LÓGICO: 1 Estruturas lógicas. 2 Lógica de argumentação: analogias, inferências, deduções e conclusões. 3 Lógica sentencial (ou proposicional). 3.1 Proposições simples e compostas. 3.2 Tabelas-verdade. ÉTICA NO SERVIÇO PÚBLICO: 1 Ética e moral. 2 Ética, princípios e valores. 3 Decreto nº 1.171/1994.`;
    expect(shape(text)).toEqual([
      ['LÍNGUA PORTUGUESA', 6, 20],
      ['RACIOCÍNIO LÓGICO', 3, 5],
      ['ÉTICA NO SERVIÇO PÚBLICO', 3, 3],
    ]);
  });

  it('does not take numbers inside the text for items (laws, articles, years)', () => {
    const [discipline] = parsed(
      'DIREITO CONSTITUCIONAL: 1 Constituição da República Federativa do Brasil de 1988. 2 Direitos e garantias fundamentais (art. 5 Da Constituição). 3 Emenda Constitucional nº 45 de 2004. 4 Lei 8 Regras de transição.',
    );
    expect(discipline?.topics.map((t) => t.number)).toEqual(['1', '2', '3', '4']);
    expect(discipline?.topics[1]?.text).toBe(
      'Direitos e garantias fundamentais (art. 5 Da Constituição)',
    );
    expect(discipline?.topics[3]?.text).toBe('Lei 8 Regras de transição');
  });

  it('reads a DISCIPLINA: prefix', () => {
    expect(
      shape('DISCIPLINA: LÍNGUA PORTUGUESA\n1 Ortografia oficial. 2 Acentuação gráfica. 3 Crase.'),
    ).toEqual([['LÍNGUA PORTUGUESA', 3, 3]]);
    expect(shape('Disciplina: Matemática: 1 Razão e proporção. 2 Porcentagem.')).toEqual([
      ['Matemática', 2, 2],
    ]);
  });

  it('keeps a semicolon inside a numbered item', () => {
    const [discipline] = parsed(
      'INFORMÁTICA: 1 Noções de sistema operacional (ambiente Windows); 2 Edição de textos, planilhas e apresentações; 3 Redes de computadores.',
    );
    expect(texts(discipline)).toEqual([
      'Noções de sistema operacional (ambiente Windows)',
      'Edição de textos, planilhas e apresentações',
      'Redes de computadores',
    ]);
  });

  it('keeps the third level of numbering', () => {
    const [discipline] = parsed(
      'DIREITO PENAL: 1 Aplicação da lei penal. 1.1 Princípios. 1.1.1 Legalidade. 1.1.2 Anterioridade. 1.2 A lei penal no tempo. 2 Crimes contra a administração pública.',
    );
    expect(discipline?.topics[0]?.children[0]?.children.map((t) => t.text)).toEqual([
      'Legalidade',
      'Anterioridade',
    ]);
    expect(countTopics(discipline!.topics)).toBe(6);
  });
});

describe('semicolon lists under a heading (FGV, FCC, municipal bancas)', () => {
  it('splits a list on one line', () => {
    const [discipline] = parsed(
      'Língua Portuguesa: Compreensão e interpretação de textos; Ortografia oficial; Acentuação gráfica; Emprego das classes de palavras; Emprego do sinal indicativo de crase; Sintaxe da oração e do período; Pontuação; Concordância nominal e verbal; Regência nominal e verbal; Significação das palavras.',
    );
    expect(discipline?.name).toBe('Língua Portuguesa');
    expect(discipline?.topics).toHaveLength(10);
    expect(discipline?.topics.at(-1)).toEqual({
      number: null,
      text: 'Significação das palavras',
      children: [],
    });
  });

  it('takes several headings, each with its list on the next line', () => {
    const text = `LÍNGUA PORTUGUESA
Interpretação de texto; Ortografia; Acentuação gráfica; Crase.

MATEMÁTICA
Números inteiros e racionais; Razão e proporção; Regra de três simples e composta; Porcentagem; Juros simples.

NOÇÕES DE INFORMÁTICA
Windows 10; Microsoft Word; Microsoft Excel; Correio eletrônico; Internet.`;
    expect(shape(text)).toEqual([
      ['LÍNGUA PORTUGUESA', 4, 4],
      ['MATEMÁTICA', 5, 5],
      ['NOÇÕES DE INFORMÁTICA', 5, 5],
    ]);
  });

  it('does not split a semicolon inside parentheses', () => {
    const [discipline] = parsed(
      'Matemática: Conjuntos (união; interseção; diferença); Funções do 1º grau; Funções do 2º grau.',
    );
    expect(texts(discipline)).toEqual([
      'Conjuntos (união; interseção; diferença)',
      'Funções do 1º grau',
      'Funções do 2º grau',
    ]);
  });

  it('makes a labelled sentence a topic with sub-topics', () => {
    const [discipline] = parsed(`DIREITO ADMINISTRATIVO
Atos administrativos: conceito; requisitos; atributos; classificação. Licitações: modalidades; dispensa; inexigibilidade. Improbidade administrativa.`);
    expect(discipline?.topics.map((t) => [t.text, t.children.length])).toEqual([
      ['Atos administrativos', 4],
      ['Licitações', 3],
      ['Improbidade administrativa', 0],
    ]);
  });

  it('reads a list that a PDF broke across lines', () => {
    const [discipline] = parsed(`Língua Portuguesa: Compreensão e interpretação de
textos; Ortografia oficial; Acentuação
gráfica; Crase; Pontuação.`);
    expect(texts(discipline)).toEqual([
      'Compreensão e interpretação de textos',
      'Ortografia oficial',
      'Acentuação gráfica',
      'Crase',
      'Pontuação',
    ]);
  });

  it('drops a generic label such as Conteúdos:', () => {
    expect(shape('MATEMÁTICA\nConteúdos: Razão; Proporção; Porcentagem.')).toEqual([
      ['MATEMÁTICA', 3, 3],
    ]);
  });
});

describe('one item per line', () => {
  it('reads `1.` numbering with sub-items', () => {
    const text = `LÍNGUA PORTUGUESA
1. Compreensão e interpretação de textos.
2. Tipologia textual.
3. Ortografia oficial.
3.1. Acentuação gráfica.
3.2. Emprego das letras.
4. Pontuação.`;
    const [discipline] = parsed(text);
    expect(discipline?.topics.map((t) => t.number)).toEqual(['1', '2', '3', '4']);
    expect(discipline?.topics[2]?.children.map((t) => [t.number, t.text])).toEqual([
      ['3.1', 'Acentuação gráfica'],
      ['3.2', 'Emprego das letras'],
    ]);
  });

  it('reads `1)` numbering', () => {
    expect(
      shape(
        'MATEMÁTICA\n1) Conjuntos numéricos\n2) Razão e proporção\n3) Porcentagem\n4) Juros simples',
      ),
    ).toEqual([['MATEMÁTICA', 4, 4]]);
  });

  it('reads `01 -` numbering and keeps the leading zero', () => {
    const [discipline] = parsed(
      'INFORMÁTICA\n01 - Conceitos de hardware e software.\n02 - Sistema operacional Windows.\n03 – Microsoft Office.\n04 — Segurança da informação.',
    );
    expect(discipline?.topics.map((t) => t.number)).toEqual(['01', '02', '03', '04']);
    expect(discipline?.topics[2]?.text).toBe('Microsoft Office');
  });

  it('nests `1.3.1` items', () => {
    const text = `DIREITO CONSTITUCIONAL
1 Teoria da Constituição
1.1 Conceito
1.2 Classificação
1.3 Poder constituinte
1.3.1 Originário
1.3.2 Derivado
2 Direitos fundamentais`;
    const [discipline] = parsed(text);
    expect(discipline?.topics).toHaveLength(2);
    expect(discipline?.topics[0]?.children[2]?.children.map((t) => t.number)).toEqual([
      '1.3.1',
      '1.3.2',
    ]);
    expect(countTopics(discipline!.topics)).toBe(7);
  });

  it('reads dashes and bullets', () => {
    const text = `Noções de Informática
- Sistema operacional Windows;
- Editor de textos Word;
• Planilha eletrônica Excel;
• Navegadores de internet.`;
    expect(texts(parsed(text)[0])).toEqual([
      'Sistema operacional Windows',
      'Editor de textos Word',
      'Planilha eletrônica Excel',
      'Navegadores de internet',
    ]);
  });

  it('joins a bullet item broken across lines', () => {
    const text = `ATUALIDADES
• Tópicos relevantes e atuais de diversas áreas, tais como segurança, transportes,
política, economia, sociedade, educação.
• Desenvolvimento sustentável.`;
    expect(texts(parsed(text)[0])).toEqual([
      'Tópicos relevantes e atuais de diversas áreas, tais como segurança, transportes, política, economia, sociedade, educação',
      'Desenvolvimento sustentável',
    ]);
  });

  it('reads items with no numbers, one per line', () => {
    const text = `CONHECIMENTOS ESPECÍFICOS
Lei Orgânica do Município
Regime Jurídico dos Servidores Municipais
Estatuto da Criança e do Adolescente
Código de Ética Profissional`;
    expect(shape(text)).toEqual([['CONHECIMENTOS ESPECÍFICOS', 4, 4]]);
  });

  it('joins a line that goes on in lower case or after a connector', () => {
    const text = `HISTÓRIA
Formação territorial do Brasil e
Processo de colonização
Economia colonial
e ciclo do ouro`;
    expect(texts(parsed(text)[0])).toEqual([
      'Formação territorial do Brasil e Processo de colonização',
      'Economia colonial e ciclo do ouro',
    ]);
  });

  it('reads a mixed-case heading known as a discipline', () => {
    expect(
      shape(
        'Direito Administrativo\n1. Princípios\n2. Atos administrativos\n\nRaciocínio Lógico\n1. Proposições\n2. Conectivos',
      ),
    ).toEqual([
      ['Direito Administrativo', 2, 2],
      ['Raciocínio Lógico', 2, 2],
    ]);
  });

  it('takes a short line before numbering that starts again at 1 as a discipline', () => {
    const text = `Saúde Pública
1. Princípios e diretrizes do SUS
2. Lei nº 8.080/1990
Saneamento e Meio Ambiente:
1. Tratamento de água
2. Resíduos sólidos
3. Esgotamento sanitário`;
    expect(shape(text)).toEqual([
      ['Saúde Pública', 2, 2],
      ['Saneamento e Meio Ambiente', 3, 3],
    ]);
  });

  it('keeps a line right under a heading, before its items, as a topic', () => {
    const [discipline, ...rest] = parsed(
      'LÍNGUA PORTUGUESA\nComum a todos os cargos\n1. Ortografia\n2. Crase',
    );
    expect(rest).toEqual([]);
    expect(discipline?.name).toBe('LÍNGUA PORTUGUESA');
    expect(discipline?.topics.map((t) => t.number)).toEqual([null, '1', '2']);
  });

  it('reads lettered items as bullets', () => {
    expect(shape('MATEMÁTICA\na) Conjuntos\nb) Funções\nc) Logaritmos')).toEqual([
      ['MATEMÁTICA', 3, 3],
    ]);
  });
});

describe('a dash after the discipline name', () => {
  it('takes `NAME – items` as a heading with its items', () => {
    const text = `LÍNGUA PORTUGUESA – Interpretação de texto; Ortografia; Crase.
MATEMÁTICA - 1. Razão e proporção. 2. Porcentagem. 3. Juros simples.
CONHECIMENTOS ESPECÍFICOS – CARGO 2: AGENTE ADMINISTRATIVO
Redação oficial; Arquivo e protocolo; Atendimento ao público.`;
    expect(shape(text)).toEqual([
      ['LÍNGUA PORTUGUESA', 3, 3],
      ['MATEMÁTICA', 3, 3],
      ['CONHECIMENTOS ESPECÍFICOS – CARGO 2: AGENTE ADMINISTRATIVO', 3, 3],
    ]);
  });

  it('leaves a dash inside a topic alone', () => {
    expect(
      texts(
        parsed(
          'DIREITO ADMINISTRATIVO\nLei nº 8.112/1990 - Regime jurídico; Lei nº 9.784/1999 – Processo administrativo.',
        )[0],
      ),
    ).toEqual([
      'Lei nº 8.112/1990 - Regime jurídico',
      'Lei nº 9.784/1999 – Processo administrativo',
    ]);
  });
});

describe('roman numerals', () => {
  it('reads items numbered I, II, III one per line, keeping the numerals', () => {
    const text = `DIREITO CONSTITUCIONAL
I - Princípios fundamentais.
II - Direitos e garantias fundamentais: direitos individuais
e coletivos; direitos sociais.
III - Organização do Estado.
IV – Organização dos Poderes.`;
    const [discipline] = parsed(text);
    expect(discipline?.topics.map((t) => [t.number, t.text])).toEqual([
      ['I', 'Princípios fundamentais'],
      [
        'II',
        'Direitos e garantias fundamentais: direitos individuais e coletivos; direitos sociais',
      ],
      ['III', 'Organização do Estado'],
      ['IV', 'Organização dos Poderes'],
    ]);
  });
});

describe('Label: a; b; c. blocks run together in one paragraph', () => {
  it('takes each label as a discipline', () => {
    const text =
      'Língua Portuguesa: Interpretação de texto; Ortografia; Crase. Matemática: Razão e proporção; Porcentagem; Juros simples. Conhecimentos sobre o Município: História de Itajubá; Geografia local; Economia da região. Noções de Informática: Windows; Word; Excel; Internet.';
    expect(shape(text)).toEqual([
      ['Língua Portuguesa', 3, 3],
      ['Matemática', 3, 3],
      ['Conhecimentos sobre o Município', 3, 3],
      ['Noções de Informática', 4, 4],
    ]);
  });

  it('takes an unknown label when the paragraph is made of label blocks', () => {
    const text =
      'Língua Portuguesa: Ortografia; Crase. Saneamento Básico: Tratamento de água; Esgotamento sanitário; Resíduos sólidos.';
    expect(shape(text)).toEqual([
      ['Língua Portuguesa', 2, 2],
      ['Saneamento Básico', 3, 3],
    ]);
  });
});

describe('run-on paragraphs split at ". "', () => {
  it('splits topics at periods', () => {
    const text =
      'DIREITO ADMINISTRATIVO\nPrincípios da administração pública. Organização administrativa. Atos administrativos. Poderes administrativos. Controle da administração.';
    expect(shape(text)).toEqual([['DIREITO ADMINISTRATIVO', 5, 5]]);
  });

  it('does not split at abbreviations, laws or decimals', () => {
    const text =
      'LEGISLAÇÃO ESPECÍFICA\nLei nº. 8.112/1990 e alterações. Regime disciplinar, arts. 116 a 142. Constituição Federal, art. 37 ao art. 41. Decreto nº 1.171, de 22.06.1994. Taxa de 2.5 por cento ao mês.';
    expect(texts(parsed(text)[0])).toEqual([
      'Lei nº. 8.112/1990 e alterações',
      'Regime disciplinar, arts. 116 a 142',
      'Constituição Federal, art. 37 ao art. 41',
      'Decreto nº 1.171, de 22.06.1994',
      'Taxa de 2.5 por cento ao mês',
    ]);
  });

  it('keeps a bibliography entry whole across ed. and p.', () => {
    const text =
      'BIBLIOGRAFIA SUGERIDA\nDI PIETRO, M. S. Z. Direito administrativo. 33. ed. Rio de Janeiro: Forense, 2020. p. 45-90.\nMEIRELLES, H. L. Direito administrativo brasileiro. 42. ed. São Paulo: Malheiros, 2016.';
    const topics = texts(parsed(text)[0]);
    expect(topics.some((t) => t.startsWith('ed.'))).toBe(false);
    expect(topics.some((t) => /^(Z|M|S|H|L)\b/.test(t))).toBe(false);
    expect(topics.some((t) => t.includes('Rio de Janeiro: Forense, 2020'))).toBe(true);
  });
});

describe('text damaged by PDF extraction', () => {
  it('joins a capitals heading split across lines', () => {
    const text = `NOÇÕES DE DIREITO
ADMINISTRATIVO: 1 Atos administrativos. 2 Licitações. 3 Contratos.`;
    expect(shape(text)).toEqual([['NOÇÕES DE DIREITO ADMINISTRATIVO', 3, 3]]);
  });

  it('joins a heading split after a connector', () => {
    expect(shape('NOÇÕES DE\nINFORMÁTICA\n1 Hardware. 2 Software.')).toEqual([
      ['NOÇÕES DE INFORMÁTICA', 2, 2],
    ]);
  });

  it('keeps a group title apart from the discipline under it', () => {
    expect(shape('CONHECIMENTOS ESPECÍFICOS\nDIREITO TRIBUTÁRIO: 1 Tributo. 2 Impostos.')).toEqual([
      ['DIREITO TRIBUTÁRIO', 2, 2],
    ]);
  });

  it('reads an item whose number is on one line and its text on the next', () => {
    const text = `LÍNGUA PORTUGUESA
1
Compreensão de textos.
2
Ortografia oficial.
2.1
Acentuação.`;
    const [discipline] = parsed(text);
    expect(discipline?.topics.map((t) => [t.number, t.text])).toEqual([
      ['1', 'Compreensão de textos'],
      ['2', 'Ortografia oficial'],
    ]);
    expect(discipline?.topics[1]?.children[0]?.text).toBe('Acentuação');
  });

  it('reads two numbered items on one line and one item across two lines', () => {
    const text = `MATEMÁTICA
1. Números naturais. 2. Números inteiros.
3. Razão e proporção, regra de três simples e
composta. 4. Porcentagem.`;
    expect(texts(parsed(text)[0])).toEqual([
      'Números naturais',
      'Números inteiros',
      'Razão e proporção, regra de três simples e composta',
      'Porcentagem',
    ]);
  });

  it('mends broken hyphenation', () => {
    const [discipline] = parsed(
      'DIREITO ADMINISTRATIVO: 1 Processo adminis-\ntrativo federal. 2 Improbi-\ndade administrativa.',
    );
    expect(texts(discipline)).toEqual([
      'Processo administrativo federal',
      'Improbidade administrativa',
    ]);
  });

  it('mends hyphenation inside a capitals heading', () => {
    expect(shape('DIREITO ADMINIS-\nTRATIVO: 1 Atos. 2 Poderes.')).toEqual([
      ['DIREITO ADMINISTRATIVO', 2, 2],
    ]);
  });

  it('puts back accented letters a PDF dropped', () => {
    const text = `LNGUA PORTUGUESA
Contedos: Compreenso e interpretao de textos; Acentuao grfica; Concordncia verbal.
NOES DE ADMINISTRAO PBLICA: 1 Organizao administrativa. 2 Gesto de pessoas.`;
    const disciplines = parsed(text);
    expect(disciplines.map((d) => d.name)).toEqual([
      'LÍNGUA PORTUGUESA',
      'NOÇÕES DE ADMINISTRAÇÃO PÚBLICA',
    ]);
    expect(texts(disciplines[0])).toEqual([
      'Compreensão e interpretação de textos',
      'Acentuação gráfica',
      'Concordância verbal',
    ]);
    expect(texts(disciplines[1])).toEqual(['Organização administrativa', 'Gestão de pessoas']);
  });

  it('repairs replacement characters too', () => {
    expect(
      parsed('MATEM\ufffdTICA: 1 Raz\ufffdo e propor\ufffd\ufffdo. 2 Porcentagem.')[0]?.name,
    ).toBe('MATEMÁTICA');
  });

  it('repairs with the caller names and leaves unknown words alone', () => {
    const text = 'CONHECIMENTOS ESPECFICOS\nHidrulica aplicada; Saneamento; Xyzwk qualquer.';
    const [withNames] = parsed(text, ['Hidráulica']);
    expect(texts(withNames)).toEqual(['Hidráulica aplicada', 'Saneamento', 'Xyzwk qualquer']);
    expect(withNames?.name).toBe('CONHECIMENTOS ESPECÍFICOS');
    const [without] = parsed(text);
    expect(texts(without)[0]).toBe('Hidrulica aplicada');
  });

  it("takes the caller's discipline names as headings, and other names only for repairs", () => {
    const text = `Hidrologia Aplicada
1. Ciclo hidrolgico
2. Bacias

DIREITO ADMINISTRATIVO
Atos administrativos: conceito; requisitos.
Licitações: modalidades; dispensa.`;
    const result = parseSyllabus(text, {
      disciplineNames: ['Hidrologia Aplicada'],
      knownNames: ['Ciclo hidrológico', 'Atos administrativos', 'Licitações'],
    });
    if (!result.ok) throw new Error(result.problem);
    expect(result.disciplines.map((d) => d.name)).toEqual([
      'Hidrologia Aplicada',
      'DIREITO ADMINISTRATIVO',
    ]);
    expect(texts(result.disciplines[0])).toEqual(['Ciclo hidrológico', 'Bacias']);
    expect(result.disciplines[1]?.topics.map((t) => [t.text, t.children.length])).toEqual([
      ['Atos administrativos', 2],
      ['Licitações', 2],
    ]);
  });

  it('does not repair when two words lose their accents alike', () => {
    // "cúpula" and "cópula" both come out of a PDF as "cpula": which one was meant is unknown.
    const [both] = parsed('HISTÓRIA\nA cpula do governo; Outro tema.', ['cúpula', 'cópula']);
    expect(texts(both)[0]).toBe('A cpula do governo');
    const [one] = parsed('HISTÓRIA\nA cpula do governo; Outro tema.', ['cúpula']);
    expect(texts(one)[0]).toBe('A cúpula do governo');
  });

  it('does not touch words that are right without accents', () => {
    const [discipline] = parsed('DIREITO CIVIL\nPessoas naturais; Domicilio; Bens.');
    expect(texts(discipline)).toEqual(['Pessoas naturais', 'Domicilio', 'Bens']);
  });
});

describe('bad input', () => {
  it('refuses empty text', () => {
    expect(parseSyllabus('   \n  ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses text with no recognisable items', () => {
    expect(parseSyllabus('CONTEÚDO PROGRAMÁTICO\nANEXO II\n\nCONHECIMENTOS BÁSICOS')).toEqual({
      ok: false,
      problem: 'no-items',
    });
    expect(parseSyllabus('.... ;;; ---')).toEqual({ ok: false, problem: 'no-items' });
    expect(
      parseSyllabus('Edital de abertura. Das inscrições. O candidato deverá ler este edital.'),
    ).toEqual({ ok: false, problem: 'no-items' });
  });

  it('refuses text over the size limit, 2 MB included', () => {
    const line = 'LÍNGUA PORTUGUESA: 1 Ortografia. 2 Crase.\n';
    expect(parseSyllabus(line.repeat(Math.ceil((2 * 1024 * 1024) / line.length)))).toEqual({
      ok: false,
      problem: 'too-long',
    });
    expect(parseSyllabus('a'.repeat(EDITAL_LIMITS.textMaxChars + 1))).toEqual({
      ok: false,
      problem: 'too-long',
    });
  });

  it('takes text just under the limit', () => {
    const line = 'LÍNGUA PORTUGUESA: 1 Ortografia. 2 Crase.\n';
    const text = line.repeat(Math.floor(EDITAL_LIMITS.textMaxChars / line.length));
    const result = parseSyllabus(text);
    expect(result.ok).toBe(true);
  });

  it('gives a default name to items with no heading', () => {
    expect(shape('1. Ortografia\n2. Crase\n3. Pontuação')).toEqual([
      ['Conteúdo programático', 3, 3],
    ]);
  });
});

describe('a whole syllabus as a PDF gives it', () => {
  it('parses a multi-discipline Cebraspe annex with page furniture', () => {
    const text = `ANEXO II
CONTEÚDO PROGRAMÁTICO
CONHECIMENTOS BÁSICOS
LÍNGUA PORTUGUESA: 1 Compreensão e interpretação de textos de gê-
neros variados. 2 Reconhecimento de tipos e gêneros textuais. 3 Domínio da ortografia
oficial. 4 Domínio dos mecanismos de coesão textual.
NOÇÕES DE DIREITO
CONSTITUCIONAL: 1 Constituição da República Federativa do Brasil de 1988. 1.1
Princípios fundamentais. 2 Direitos e garantias fundamentais. 2.1 Direitos e deveres individuais e
coletivos. 2.2 Direitos sociais.
CONHECIMENTOS ESPECÍFICOS
ARQUIVOLOGIA: 1 Conceitos fundamentais de arquivologia. 2 Gestão de documentos. 2.1 Protocolo. 2.2
Classificação de documentos. 3 Preservação e conservação de documentos.`;
    expect(shape(text)).toEqual([
      ['LÍNGUA PORTUGUESA', 4, 4],
      ['NOÇÕES DE DIREITO CONSTITUCIONAL', 2, 5],
      ['ARQUIVOLOGIA', 3, 5],
    ]);
    expect(parsed(text)[0]?.topics[0]?.text).toBe(
      'Compreensão e interpretação de textos de gêneros variados',
    );
  });
});
