/**
 * Repairs words whose accented letters a PDF extraction dropped (`LNGUA PORTUGUESA`, `Contedos`,
 * `ADMINISTRAO`) or replaced by U+FFFD, against a short list of words common in editais plus the
 * names the caller passes (the catalogue's disciplines and subjects). A word is repaired only when
 * exactly one known word loses its accents into it and the damaged form is not a word itself; see
 * docs/product-rules.md, "Plano de estudos".
 */

const EDITAL_WORDS = `
língua línguas portuguesa português inglês inglesa espanhol matemática matemático matemáticos
raciocínio lógico lógica lógicos lógicas analítico quantitativo informática noções noção conteúdo
conteúdos programático programáticos programática básicos básico básicas específicos específico
específicas específica complementares ética éticas público pública públicos públicas
administração administrações administrativo administrativa administrativos administrativas
constitucional legislação legislações orçamentária orçamentário orçamento finanças contábil
contábeis análise análises gestão gestões técnicas técnica técnico técnicos história histórico
geografia econômica econômico econômicos política políticas político políticos relações relação
compreensão interpretação gêneros gênero tipologia acentuação gráfica ortografia ortográfico
pontuação concordância regência colocação crase sintaxe sintática semântica morfologia
morfossintática período períodos orações oração coordenação subordinação emprego classes
significação substituição reescrita redação correspondência oficial oficiais manual
equivalência implicação proposições proposição conectivos tabelas verdade números número
razões razão proporção proporções porcentagem porcentagens equações equação inequações
funções função frações fração sequências sequência progressões aritmética geométrica
geometria trigonometria álgebra probabilidade estatística estatísticas média médias
combinatória princípios princípio contagem conjuntos operações operação problemas sistemas
métodos método cálculo cálculos juros câmbio descontos
segurança proteção rede redes computação computadores internet correio eletrônico eletrônica
navegação aplicativos armazenamento backup vírus antivírus configuração configurações edição
planilhas apresentações conceitos conceito noções gerais geral organização organizações
administração estado governo poderes atos ato serviços serviço servidores servidor agentes
licitação licitações contratos improbidade responsabilidade civil controle processo processos
jurídico jurídica jurídicos jurídicas órgão órgãos entidades autarquias fundações
empresas sociedades economia mista regime disciplinar deveres proibições acumulação
penalidades direitos garantias fundamentais nacionalidade cidadania federação união
municípios município distrito federal estados poder legislativo executivo judiciário
judiciária ministério defensoria advocacia tribunal tribunais supremo superior justiça
constituição república emenda emendas decreto portaria resolução código códigos penal
crimes crime contravenção contravenções inquérito ação ações prisão provas prova
processual procedimento procedimentos competência competências jurisdição sentença
recursos recurso execução tributário tributária tributos tributo impostos imposto
previdenciário previdenciária previdência seguridade assistência saúde educação
trabalho trabalhista empregado empregador salário jornada férias rescisão sindicato
comércio comercial empresarial falência títulos crédito consumidor família sucessões
obrigações propriedade posse bens negócio prescrição decadência pessoas físicas jurídicas
contabilidade patrimônio balanço demonstrações lançamentos escrituração ativo passivo
auditoria controladoria custos tesouraria arquivologia arquivística documentos documentação
protocolo gestão qualidade planejamento estratégico estratégica estratégias liderança
motivação comunicação negociação conflitos mudança cultura clima desempenho avaliação
ciência ciências física química biologia pedagogia didática psicologia sociologia filosofia
atualidades cultura políticas sociais ambiental ambiente sustentabilidade desenvolvimento
tecnologia inovação energia transportes relações internacionais mundo brasil brasileira
brasileiro brasileiros regionais região regiões aspectos características formação
econômicas sociedade população polícia policial penitenciário criminologia medicina legal
humanos humanitário igualdade racial gênero diversidade acessibilidade deficiência
idoso criança adolescente estatuto lei leis nº artigos artigo parágrafo incisos
também através além após até então porém contudo análogo análoga análogas área áreas
prática práticas teórico teórica elementos estrutura estruturas tipos espécies espécie
características função visão missão valores básica anexo anexos edital cargo cargos nível
médio superior fundamental módulo módulos unidade unidades tópicos tópico disciplina
disciplinas matéria matérias conhecimentos conhecimento específico
`;

/** Short words that exist without accents and must never be "repaired" into another word. */
const PLAIN_WORDS = `
de da do das dos e em no na nos nas o a os as um uma uns umas por para com sem sob sobre
ao aos se que ou mas mais como seu sua seus suas lei leis ato atos tipo tipos
`;

type Repair = (text: string) => string;

function damagedKey(word: string): string {
  // The letters a PDF keeps: plain ASCII. Accented letters (and U+FFFD) go, as in `LNGUA`.
  return word.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}]+/u).filter((word) => word.length > 0);
}

/** Makes the repair for a syllabus, knowing the caller's names besides the built-in list. */
export function createAccentRepair(extraNames: readonly string[] = []): Repair {
  const plain = new Set(wordsOf(PLAIN_WORDS));
  const known = new Map<string, string | null>();
  const words = [...wordsOf(EDITAL_WORDS), ...extraNames.flatMap(wordsOf)].map((word) =>
    word.toLowerCase(),
  );
  for (const word of words) {
    if (/^[a-z]+$/.test(word)) plain.add(word);
  }
  for (const word of new Set(words)) {
    if (/^[a-z]+$/.test(word)) continue;
    const key = damagedKey(word);
    if (key.length < 4) continue;
    const seen = known.get(key);
    // Two words damaged alike (or an accented word and its plain spelling) make the key ambiguous.
    if (seen === undefined) known.set(key, word);
    else if (seen !== word) known.set(key, null);
  }
  // A damaged key that is itself a plain word is left alone (`pais` is not made `países`).
  for (const key of plain) known.delete(key);

  return (text) =>
    text.replace(/[\p{L}\ufffd]+/gu, (token) => {
      if (!/^[A-Za-z\ufffd]+$/.test(token)) return token;
      const key = damagedKey(token);
      if (key.length < 4 || plain.has(key)) return token;
      const word = known.get(key);
      if (!word) return token;
      return matchCase(token.replace(/\ufffd/g, ''), word);
    });
}

function matchCase(model: string, word: string): string {
  if (model === model.toUpperCase() && model.length > 1) return word.toUpperCase();
  if (model[0] === model[0]?.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}
