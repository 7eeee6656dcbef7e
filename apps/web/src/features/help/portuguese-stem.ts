/**
 * A light Portuguese stemmer for the help centre's search, in the spirit of the RSLP and Snowball
 * stemmers but much smaller: it only has to make the forms of a word in a short FAQ meet
 * ('cancelar', 'cancelamento', 'cancelada' -> 'cancel'; 'planos' -> 'plan'). It works on folded
 * words (lower case, no accents: see `foldText`), so 'ção' is 'cao' here. A stem never gets shorter
 * than MIN_STEM letters, and the same rules run on the query and on the text, so a rough stem
 * is fine as long as both sides get the same one.
 */

const MIN_STEM = 3;

/**
 * Plural endings and what replaces them, longest first ('licitacoes' -> 'licitacao'). They need
 * two letters before them, so 'mais' and 'pais' are left alone.
 */
const PLURALS: readonly (readonly [string, string])[] = [
  ['oes', 'ao'], // licitações, cartões
  ['ais', 'al'], // anuais, reais
  ['eis', 'el'], // disponíveis, papéis
  ['ois', 'ol'], // lençóis
  ['res', 'r'], // valores, lugares
  ['zes', 'z'], // vezes
  ['ses', 's'], // meses
  ['ns', 'n'], // itens, tokens (a final m is read as n below: item = iten)
];

/** Words ending in these are not plurals: bônus, lápis, acesso. */
const NOT_PLURAL = ['us', 'is', 'ss'];

/**
 * Endings of nouns, adjectives and verbs, longest first; the first one that leaves a long enough
 * stem is removed, and only one.
 */
const SUFFIXES = [
  'amente', // gratuitamente -> gratuit
  'amento', // cancelamento, pagamento
  'imento', // procedimento
  'mente', // automaticamente -> automatic
  'idade', // validade
  'acao', // renovação, verificação
  'anca', // cobrança, segurança
  'icao', // definição
  'ando', // cancelando
  'endo', // escrevendo
  'indo', // definindo
  'ador', // pagador
  'ado', // cancelado, renovado
  'ada', // cancelada
  'ido', // resolvido
  'ida', // resolvida
  'ava', // pagava
  'ar', // cancelar, pagar
  'er', // escrever
  'ir', // definir, seguir
  'ou', // cancelou
  'ei', // paguei
];

const FINAL_VOWELS = ['a', 'e', 'o']; // plano, plana; estude, estudo

/** `word` without `ending`, or null when it does not end so or too little would be left. */
function cut(word: string, ending: string, minStem = MIN_STEM): string | null {
  if (!word.endsWith(ending)) return null;
  const stem = word.slice(0, -ending.length);
  return stem.length >= minStem ? stem : null;
}

function singular(word: string): string {
  if (!word.endsWith('s')) return word;
  for (const [ending, replacement] of PLURALS) {
    const stem = cut(word, ending, 2);
    if (stem !== null) return stem + replacement;
  }
  if (NOT_PLURAL.some((ending) => word.endsWith(ending))) return word;
  return cut(word, 's') ?? word;
}

/**
 * The stem of a folded word. Numbers and words of up to three letters are kept whole ('pix',
 * '256'), as are words the rules would cut below three letters.
 */
export function stemWord(word: string): string {
  if (word.length <= MIN_STEM || /\d/.test(word)) return word;
  let stem = singular(word);
  let removed = '';
  for (const ending of [...SUFFIXES, ...FINAL_VOWELS]) {
    const shorter = cut(stem, ending);
    if (shorter !== null) {
      stem = shorter;
      removed = ending;
      break;
    }
  }
  // Spelling keeps the sound of g and c before e and i: paguei/pague -> pag, fique -> fic.
  if (removed.startsWith('e') || removed.startsWith('i')) {
    if (stem.endsWith('gu')) stem = stem.slice(0, -1);
    else if (stem.endsWith('qu')) stem = `${stem.slice(0, -2)}c`;
  }
  // A final m and n sound alike and alternate in plurals: item/itens, token/tokens.
  return stem.endsWith('m') ? `${stem.slice(0, -1)}n` : stem;
}
