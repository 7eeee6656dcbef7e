import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '@/lib/seeded-random';

/**
 * A synthetic catalogue in import format 2, for load tests and benchmarks only: deterministic
 * (seeded), realistic in shape (boards, bodies, years, 23 disciplines with subjects, a few outdated
 * and annulled questions), meaningless in content.
 */
export interface SynthOptions {
  exams: number;
  questions: number;
  seed?: number;
  /**
   * Figures: this many images in `imagens/`, each placed by a `<figura>` marker in the statement of
   * a question picked at random (some questions get several, some none). Written only by
   * `synthesizeCatalog`, which draws them.
   */
  images?: number;
}

/** One image of a synthetic catalogue, drawn by `writeSyntheticFigures`. */
export interface SyntheticFigure {
  assetId: string;
  kind: 'png' | 'jpeg' | 'svg';
  width: number;
  height: number;
  seed: number;
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

export function writeSyntheticCatalog(
  dir: string,
  options: SynthOptions,
): { exams: number; questions: number; figures: SyntheticFigure[] } {
  const next = seededRandom(options.seed ?? 42);
  const figures = planFigures(options.images ?? 0, seededRandom((options.seed ?? 42) + 1));
  // Each figure goes into the statement of one question, picked at random among all of them.
  const figuresOf = new Map<number, SyntheticFigure[]>();
  const pickQuestion = seededRandom((options.seed ?? 42) + 2);
  for (const figure of figures) {
    const at = Math.floor(pickQuestion() * options.questions);
    figuresOf.set(at, [...(figuresOf.get(at) ?? []), figure]);
  }
  let questionIndex = 0;
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
      const markers = (figuresOf.get(questionIndex++) ?? [])
        .map(
          (figure) =>
            `<figura imagem="${figure.assetId}" alt="Figura sintética ${figure.assetId}: ${words(8)}."></figura>`,
        )
        .join('');
      questoes[String(number)] = {
        id_questao: String(number),
        questao: `<p>Questão sintética ${number} da prova ${index + 1}: ${words(20 + Math.floor(next() * 30))}.</p>${markers}`,
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
  if (figures.length > 0) fs.mkdirSync(path.join(dir, 'imagens'));
  return { exams: options.exams, questions: options.questions, figures };
}

/**
 * The catalogue with its figures drawn (`options.images`), as `npm run content:synth -- --images`
 * writes it. Returns the bytes the images take.
 */
export async function synthesizeCatalog(dir: string, options: SynthOptions) {
  const written = writeSyntheticCatalog(dir, options);
  const imageBytes = await writeSyntheticFigures(dir, written.figures);
  return { ...written, imageBytes };
}

/**
 * What a bank's figures look like: most are scans of a printed page or chart (PNG or JPEG, 800 to
 * 1,600 px wide, with the scanner's noise so that they do not compress to nothing), one in ten is
 * wider than the page's 1,600 px (re-encoded by the import, the original kept for zoom) and about
 * one in seven is an SVG chart.
 */
function planFigures(count: number, next: () => number): SyntheticFigure[] {
  const between = (low: number, high: number) => Math.round(low + next() * (high - low));
  return Array.from({ length: count }, (_, index) => {
    const roll = next();
    const kind: SyntheticFigure['kind'] =
      roll < 0.15
        ? 'svg'
        : roll < 0.6
          ? 'png'
          : roll < 0.9
            ? 'jpeg'
            : next() < 0.5
              ? 'png'
              : 'jpeg';
    const width =
      kind === 'svg'
        ? between(480, 1_200)
        : roll >= 0.9
          ? between(1_700, 3_000)
          : between(800, 1_600);
    return {
      assetId: `sint_fig_${String(index + 1).padStart(5, '0')}`,
      kind,
      width,
      height: Math.round(width * (0.45 + next() * 0.6)),
      seed: Math.floor(next() * 2 ** 31),
    };
  });
}

/** Draws the figures into `imagens/`, a few at a time; returns the bytes written. */
export async function writeSyntheticFigures(dir: string, figures: SyntheticFigure[]) {
  let bytes = 0;
  let nextIndex = 0;
  const drawNext = async () => {
    while (nextIndex < figures.length) {
      const figure = figures[nextIndex++]!;
      const content = await drawFigure(figure);
      bytes += content.length;
      const extension = figure.kind === 'jpeg' ? 'jpg' : figure.kind;
      fs.writeFileSync(path.join(dir, 'imagens', `${figure.assetId}.${extension}`), content);
    }
  };
  await Promise.all(Array.from({ length: 4 }, drawNext));
  return bytes;
}

async function drawFigure(figure: SyntheticFigure): Promise<Buffer> {
  const next = seededRandom(figure.seed);
  const chart = chartSvg(figure, next);
  if (figure.kind === 'svg') return Buffer.from(chart);
  const { width, height } = figure;
  // A scanned page: text lines above and below the chart, on slightly grey paper.
  const page = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f4f2ec"/>
${Array.from({ length: Math.floor(height / 60) }, (_, line) =>
  line % 5 === 2
    ? ''
    : `<rect x="${40 + next() * 20}" y="${20 + line * 60}" width="${(width - 100) * (0.5 + next() * 0.5)}" height="14" fill="#3a3a3a" opacity="0.8"/>`,
).join('\n')}
</svg>`;
  const { data, info } = await sharp(Buffer.from(page))
    .composite([
      {
        input: await sharp(Buffer.from(chart))
          .resize({ width: Math.round(width * 0.7) })
          .png()
          .toBuffer(),
        top: Math.round(height * 0.2),
        left: Math.round(width * 0.15),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The scanner's noise: one pixel in ten a few levels lighter or darker, the same on every
  // channel (a scan's PNG of a few hundred kB, not the few kB of a clean drawing).
  for (let pixel = 0; pixel < data.length; pixel += 3) {
    if (next() < 0.9) continue;
    const delta = Math.round((next() - 0.5) * 16);
    for (let channel = 0; channel < 3; channel++) {
      data[pixel + channel] = Math.max(0, Math.min(255, data[pixel + channel]! + delta));
    }
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  return figure.kind === 'png'
    ? raw.png({ compressionLevel: 6 }).toBuffer()
    : raw.jpeg({ quality: 85 }).toBuffer();
}

/** A bar chart with a line over it, axis labels at 14 px: what an exam's chart looks like. */
function chartSvg(figure: SyntheticFigure, next: () => number) {
  const width = figure.kind === 'svg' ? figure.width : 800;
  const height =
    figure.kind === 'svg' ? figure.height : Math.round((800 * figure.height) / figure.width);
  const bars = 12 + Math.floor(next() * 60);
  const step = (width - 80) / bars;
  const value = () => 20 + next() * (height - 80);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>Gráfico sintético</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<line x1="60" y1="${height - 40}" x2="${width - 10}" y2="${height - 40}" stroke="#000" stroke-width="1"/>`,
    `<line x1="60" y1="10" x2="60" y2="${height - 40}" stroke="#000" stroke-width="1"/>`,
  ];
  const points: string[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const barHeight = value();
    const x = 62 + bar * step;
    parts.push(
      `<rect x="${x.toFixed(2)}" y="${(height - 40 - barHeight).toFixed(2)}" width="${(step * 0.7).toFixed(2)}" height="${barHeight.toFixed(2)}" fill="#4a6fa5" stroke="#1d3557" stroke-width="0.5"/>`,
      `<text x="${x.toFixed(2)}" y="${height - 22}" font-size="14" font-family="sans-serif">${bar + 1}</text>`,
    );
    points.push(`${(x + step * 0.35).toFixed(2)},${(height - 40 - value()).toFixed(2)}`);
  }
  // Some charts are scatter plots of thousands of points, as exported by plotting tools: SVGs of
  // a few hundred kB.
  const dots = Math.floor(next() ** 4 * 4_000);
  for (let dot = 0; dot < dots; dot++) {
    parts.push(
      `<circle cx="${(62 + next() * (width - 80)).toFixed(2)}" cy="${(10 + next() * (height - 52)).toFixed(2)}" r="2.5" fill="#2a9d8f" fill-opacity="0.6"/>`,
    );
  }
  parts.push(
    `<polyline points="${points.join(' ')}" fill="none" stroke="#e63946" stroke-width="2"/>`,
    ...Array.from(
      { length: 6 },
      (_, tick) =>
        `<text x="8" y="${(height - 40 - (tick * (height - 60)) / 5).toFixed(2)}" font-size="14" font-family="sans-serif">${tick * 20}</text>`,
    ),
    '</svg>',
  );
  return parts.join('\n');
}
