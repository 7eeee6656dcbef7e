import fs from 'node:fs';
import path from 'node:path';

/**
 * A synthetic catalogue in import format 2, for load tests and benchmarks only: deterministic
 * (seeded), realistic in shape (boards, bodies, years, 23 disciplines with subjects, a few outdated
 * and annulled questions), meaningless in content.
 */
export interface SynthOptions {
  exams: number;
  questions: number;
  seed?: number;
}

const DISCIPLINES: Record<string, string> = {
  artes: 'Artes',
  atualidades: 'Atualidades',
  biologia: 'Biologia',
  ciencias: 'Ciências',
  educacao_fisica: 'Educação Física',
  espanhol: 'Língua Espanhola',
  filosofia: 'Filosofia',
  fisica: 'Física',
  frances: 'Língua Francesa',
  geografia: 'Geografia',
  historia: 'História',
  informatica: 'Informática',
  ingles: 'Língua Inglesa',
  legislacao: 'Legislação Educacional',
  literatura: 'Literatura',
  matematica: 'Matemática',
  musica: 'Música',
  pedagogia: 'Pedagogia',
  portugues: 'Língua Portuguesa',
  quimica: 'Química',
  raciocinio_logico: 'Raciocínio Lógico',
  resolucoes: 'Resoluções e Diretrizes Educacionais',
  sociologia: 'Sociologia',
};
const CODES = Object.keys(DISCIPLINES);
const CARGOS = [
  'Professor',
  'Técnico Administrativo',
  'Analista',
  'Pedagogo',
  'Assistente',
  'Auditor',
];
const NIVEIS = ['Superior', 'Médio', 'Fundamental'];
const BANCAS = Array.from(
  { length: 12 },
  (_, i) => `Banca Sintética ${String.fromCharCode(65 + i)}`,
);
const ORGAOS = Array.from({ length: 120 }, (_, i) => `Órgão Sintético ${i + 1}`);
const SUBJECTS_PER_DISCIPLINE = 12;

/**
 * Words for statements and alternatives, most frequent first: text search is measured on text
 * whose words are spread as in real statements (a few very common, most rare).
 */
const WORDS = (
  'administração pública servidor lei princípio constitucional direito estado órgão poder ' +
  'competência ato administrativo processo licitação contrato município união federal ' +
  'cidadão recurso prazo decisão autoridade responsabilidade civil penal crime pena ' +
  'ação judicial tribunal juiz sentença norma regulamento decreto emenda constituição ' +
  'educação saúde segurança orçamento receita despesa tributo imposto taxa contribuição ' +
  'finanças controle interno externo auditoria contabilidade patrimônio bens serviços ' +
  'empresa sociedade capital trabalho empregado empregador salário férias jornada ' +
  'previdência benefício aposentadoria pensão assistência social política programa ' +
  'texto autor leitor argumento tese conclusão parágrafo frase oração sujeito predicado ' +
  'verbo substantivo adjetivo advérbio pronome crase concordância regência pontuação vírgula ' +
  'sentido significado interpretação coesão coerência gênero narrativa descrição ' +
  'número fração porcentagem razão proporção equação função gráfico tabela probabilidade ' +
  'conjunto lógica proposição argumento válido verdadeiro falso negação condicional ' +
  'computador sistema rede internet segurança informação arquivo programa planilha ' +
  'banco dados senha usuário navegador correio eletrônico nuvem backup vírus ' +
  'meio ambiente recursos hídricos floresta clima energia sustentabilidade poluição ' +
  'história brasil república império colônia independência economia geografia região ' +
  'população território fronteira cultura ética moral conduta probidade improbidade ' +
  'mandado segurança habeas corpus data injunção popular pública civil inquérito ' +
  'prescrição decadência nulidade anulabilidade revogação convalidação delegação avocação'
).split(' ');

const SYLLABLES =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu'.split(
    ' ',
  );
/** 20,000 made-up words of three syllables ('bacedi'). */
const RARE_WORDS = Array.from({ length: 20_000 }, (_, index) =>
  [0, 1, 2]
    .map(
      (position) => SYLLABLES[Math.floor(index / SYLLABLES.length ** position) % SYLLABLES.length],
    )
    .join(''),
);

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function writeSyntheticCatalog(
  dir: string,
  options: SynthOptions,
): { exams: number; questions: number } {
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // Half the words are real (each in a few percent of the statements), half are made up from a
  // long tail of rare words, as in a real bank's vocabulary.
  const word = () =>
    next() < 0.5 ? pick(WORDS) : RARE_WORDS[Math.floor(next() ** 2 * RARE_WORDS.length)]!;
  const words = (count: number) => Array.from({ length: count }, word).join(' ');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'provas'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'disciplinas.json'), JSON.stringify(DISCIPLINES));

  const base = Math.floor(options.questions / options.exams);
  let remainder = options.questions - base * options.exams;
  for (let index = 0; index < options.exams; index++) {
    const total = base + (remainder-- > 0 ? 1 : 0);
    const id = `sint_${String(index).padStart(6, '0')}_prova`;
    const cargoGeral = pick(CARGOS);
    const examDisciplines = Array.from({ length: 3 }, () => pick(CODES));
    const questoes: Record<string, unknown> = {};
    const disciplinas: Record<string, { total: number; assuntos: Record<string, number> }> = {};
    for (let number = 1; number <= total; number++) {
      const disciplina = pick(examDisciplines);
      const assunto = `Assunto ${Math.floor(next() * SUBJECTS_PER_DISCIPLINE) + 1} de ${DISCIPLINES[disciplina]}`;
      const entry = (disciplinas[disciplina] ??= { total: 0, assuntos: {} });
      entry.total += 1;
      entry.assuntos[assunto] = (entry.assuntos[assunto] ?? 0) + 1;
      const roll = next();
      questoes[String(number)] = {
        id_questao: String(number),
        questao: `<p>Questão sintética ${number} da prova ${index + 1}: ${words(20 + Math.floor(next() * 30))}.</p>`,
        Alternativas: ['A', 'B', 'C', 'D', 'E'].map(
          (letter) => `${letter}) ${words(4 + Math.floor(next() * 8))}`,
        ),
        disciplina,
        assunto,
        ...(roll < 0.001
          ? { situacao: 'anulada', nota: 'Anulada pela banca.' }
          : {
              gabarito: pick(['A', 'B', 'C', 'D', 'E']),
              ...(roll < 0.006
                ? { situacao: 'desatualizada', nota: 'Uma lei posterior mudou o tema.' }
                : {}),
            }),
      };
    }
    const exam = {
      versao: 2,
      id,
      cargo_geral: cargoGeral,
      cargo: `${cargoGeral} ${index % 7 === 0 ? 'de Matemática' : 'Geral'}`,
      orgão: pick(ORGAOS),
      nível: pick(NIVEIS),
      instituição: pick(BANCAS),
      ano: String(2005 + Math.floor(next() * 20)),
      TOTAL: String(total),
      disciplinas: Object.fromEntries(
        Object.entries(disciplinas).map(([code, value]) => [
          code,
          {
            total: String(value.total),
            assuntos: Object.fromEntries(
              Object.entries(value.assuntos).map(([k, v]) => [k, String(v)]),
            ),
          },
        ]),
      ),
      questoes,
    };
    fs.writeFileSync(path.join(dir, 'provas', `${id}.json`), JSON.stringify(exam));
  }
  return { exams: options.exams, questions: options.questions };
}
