import {
  ASKS,
  askedLetter,
  contentWords,
  fold,
  materialText,
  sentencesOf,
  statedNumbers,
} from './offline-text';
import type { TutorQuestion } from './tutor-task';

/**
 * How the offline tutor reads a chat message against a question's material (docs/product-rules.md,
 * "What the offline tutor answers"). It decides from the message, not only from shared words: a
 * number, date or name the material does not contain, a request to apply the content or for a new
 * example, and a calculation or supposition the material does not work out are not found; a
 * message asking two things is read as two parts.
 */

/** What one part of a message asks for. */
export type PartRequest =
  'letter' | 'why-key' | 'simpler' | 'example' | 'apply' | 'basis' | 'concept' | 'open';

export interface MessagePart {
  text: string;
  request: PartRequest;
  /** The alternative asked about ('por que a C está errada?'). */
  letter: string | null;
  /** Numbers, dates and names of the part that the material does not contain, as written. */
  unknown: string[];
  /** Asks to compute a value. */
  calculates: boolean;
  /** Supposes a case other than the question's ('e se…', a conditional). */
  supposes: boolean;
  /** Its numbers, dates and names that the material does contain, as tokens. */
  specifics: Set<string>;
  /** Its own words and numbers, as tokens, without the words of asking. */
  topic: Set<string>;
  /** Its words, not verb forms, that the material never uses ('sobrepeso'), as tokens. */
  novel: Set<string>;
}

/** Words of asking, not of the subject asked about. */
const ASKING_WORDS = new Set(
  (
    'explique explica explicar explicacao entendi entender entendo significa significado quer ' +
    'dizer fala falar acontece ocorre existe existem posso pode podem poderia consigo devo tenho ' +
    'serve servir aqui isso disso nisso dessa desse desta deste nessa nesse nesta neste qual ' +
    'quais quem onde quando quanto quanta quantos quantas como porque dura durar demora demorar ' +
    'leva levar fica ficaria seria seriam daria dariam fosse fossem tivesse estivesse teria ' +
    'teriam haveria caso sobre coisa algo alguma algum alguem voce minha meus minhas gabarito ' +
    'questao comentario alternativa alternativas letra opcao resposta certa certo correta correto ' +
    'errada errado incorreta incorreto jeito forma maneira melhor exatamente realmente entao ' +
    'ainda agora diferenca afinal verdade mesmo sentido'
  ).split(' '),
);

const MONTHS = new Set(
  'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro'.split(
    ' ',
  ),
);

/** Numbers in words ('segundo' is left out: it is also 'according to'). */
const NUMBER_WORDS = new Set(
  (
    'dois duas tres quatro cinco seis sete oito nove dez onze doze treze quatorze catorze quinze ' +
    'dezesseis dezessete dezoito dezenove vinte trinta quarenta cinquenta sessenta setenta oitenta ' +
    'noventa cem cento duzentos trezentos mil milhao milhoes primeiro primeira terceiro terceira ' +
    'quarto quarta quinto quinta sexto sexta setimo setima oitavo oitava nono nona decimo decima'
  ).split(' '),
);

const NAME_LINKS = new Set(['da', 'de', 'do', 'das', 'dos']);

/** A word's stem for matching: 'denunciou' and 'denunciado', 'molares' and 'molar' meet. */
function stem(word: string): string {
  const singular = word.length > 4 ? word.replace(/(?<=[rzl])es$|s$/, '') : word;
  if (singular.length >= 7) return singular.slice(0, 6);
  // 'seco' and 'seca' meet.
  return singular.length >= 4 ? singular.replace(/[ao]$/, '') : singular;
}

/** Abbreviations in capitals, however short: 'LDB', 'IMC', 'ECA'. */
function acronymsIn(text: string): string[] {
  return (text.match(/\b[A-Z]{2,}\b/g) ?? []).map(fold);
}

/** A text's words (as stems), abbreviations and numbers (as values). */
export function tokensOf(text: string): Set<string> {
  return new Set([
    ...[...contentWords(text)].map(stem),
    ...acronymsIn(text),
    ...statedNumbers(text),
  ]);
}

/** Conditional and subjunctive forms carry the supposition, not its subject. */
const SUPPOSING_FORM = /(?:asse|esse|isse|assem|essem|issem|aria|eria|iria|ariam|eriam|iriam)$/;

/** A verb's inflection ('executado', 'estudava', 'viram'): often a paraphrase of the material's. */
const VERB_FORM = /(?:ado|ada|ido|ida|ava|avam|ou|ram|am|em|ar|er|ir|ia|iam)$/;

function topicWords(text: string): string[] {
  // 'Quanto tempo…' asks how long: 'tempo' is a word of asking there.
  const folded = fold(text).replace(/\bquanto tempo\b/g, 'quanto');
  return [...contentWords(folded)].filter(
    (word) =>
      !ASKING_WORDS.has(word) &&
      // 'se ele não freasse': the negated supposition is what is asked about.
      !(
        word.length >= 6 &&
        SUPPOSING_FORM.test(word) &&
        !new RegExp(`\\bnao ${word}\\b`).test(folded)
      ),
  );
}

function topicOf(text: string): Set<string> {
  return new Set([...topicWords(text).map(stem), ...acronymsIn(text), ...statedNumbers(text)]);
}

/**
 * Words of the text, not verb forms, that the material never uses: a sign the message is about
 * something else, weighing double against the words it shares.
 */
function novelWords(text: string, material: Material): Set<string> {
  return new Set(
    topicWords(text)
      .filter((word) => !VERB_FORM.test(word))
      .map(stem)
      .filter((token) => !material.tokens.has(token)),
  );
}

/** Capitalised words and runs of them ('Joaquim José da Silva Xavier'), not opening a sentence. */
function namesIn(text: string): string[] {
  const tokens = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]+/gu) ?? [];
  const names: string[] = [];
  let current: string[] = [];
  let opening = true;
  const close = () => {
    while (current.length > 0 && NAME_LINKS.has(current.at(-1)!)) current.pop();
    if (current.length > 0) names.push(current.join(' '));
    current = [];
  };
  for (const token of tokens) {
    if (!/\p{L}/u.test(token)) {
      if (/[.!?:;]/.test(token)) opening = true;
      if (!/^["“”'‘’(]+$/.test(token)) close();
      continue;
    }
    const capitalised = /^\p{Lu}/u.test(token);
    const name =
      capitalised &&
      !opening &&
      token.length > 1 &&
      // An alternative's letter, or a roman numeral of an article ('inciso IV').
      !/^[IVXLC]+$/.test(token);
    if (name) current.push(token);
    else if (current.length > 0 && NAME_LINKS.has(token)) current.push(token);
    else close();
    opening = false;
  }
  close();
  return names;
}

/** The numbers of a text as written, with their unit ('108 km/h', '5 s', '7º'). */
function writtenNumbers(text: string): { written: string; value: string }[] {
  const pattern =
    /\d+(?:[.,]\d+)*(?:\s?(?:km\/h|m\/s²|m\/s|km|cm|mm|kg|m²|m|g|s|h|min|°C|%|º|ª|anos?|horas?|dias?|meses|minutos?|segundos?)(?![\p{L}\d]))?/gu;
  return [...text.matchAll(pattern)].map((match) => ({
    written: match[0],
    value: statedNumbers(match[0])[0]!,
  }));
}

/** The question's material, indexed once for reading messages about it. */
export interface Material {
  question: TutorQuestion;
  /** Every word of it, folded, whatever its length. */
  words: Set<string>;
  tokens: Set<string>;
  /** Tokens of the question itself (statement and subject): what any message about it shares. */
  context: Set<string>;
}

export function materialOf(question: TutorQuestion): Material {
  const text = materialText(question);
  return {
    question,
    words: new Set(fold(text).split(/[^a-z0-9]+/)),
    tokens: tokensOf(text),
    context: tokensOf([question.disciplina, question.assunto, question.enunciado].join('\n')),
  };
}

/** The parts of a message that ask different things ('Por que a B está errada? E se…'). */
function splitMessage(message: string): string[] {
  return message
    .split(/(?<=\?)\s+/)
    .flatMap((piece) =>
      piece.split(
        /\s*[,;]?\s+(?=e\s+(?:por ?que|porque|qual|quais|quanto|quantos|quantas|como|quando|onde|o que|quem|me\s|d[eê]\s|explique|mostre|cite|calcule|tem\s|existe))/i,
      ),
    )
    .map((part) => part.trim())
    .filter((part) => /\p{L}/u.test(part));
}

function requestOf(folded: string, letter: string | null): PartRequest {
  if (letter) return 'letter';
  if (ASKS.whyKey.test(folded) || ASKS.solving.test(folded)) return 'why-key';
  if (ASKS.simpler.test(folded)) return 'simpler';
  if (ASKS.example.test(folded.replace(/\bpor exemplo\b/g, ''))) return 'example';
  if (ASKS.apply.test(folded)) return 'apply';
  // 'E se a Lei Áurea tivesse…' supposes a case; it does not ask for the law.
  if (ASKS.supposes.test(folded)) return 'open';
  if (ASKS.law.test(folded)) return 'basis';
  if (ASKS.concept.test(folded)) return 'concept';
  return 'open';
}

function readPart(text: string, material: Material): MessagePart {
  const folded = fold(text);
  const letters = material.question.alternativas.map((alternative) => alternative.letter);
  const letter = askedLetter(text, letters);
  const unknown: string[] = [];
  const specifics = new Set<string>();
  for (const number of writtenNumbers(text)) {
    if (material.tokens.has(number.value)) specifics.add(number.value);
    else unknown.push(number.written);
  }
  for (const word of text.split(/[^\p{L}]+/u)) {
    const plain = fold(word);
    if (!MONTHS.has(plain) && !NUMBER_WORDS.has(plain)) continue;
    if (!material.words.has(plain)) unknown.push(word);
    else if (plain.length >= 4) specifics.add(stem(plain));
  }
  for (const name of namesIn(text)) {
    const words = fold(name)
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== '' && !NAME_LINKS.has(word));
    if (words.every((word) => material.words.has(word) || material.tokens.has(stem(word))))
      words.filter((word) => word.length >= 4).forEach((word) => specifics.add(stem(word)));
    else unknown.push(name);
  }
  return {
    text,
    request: requestOf(folded, letter),
    letter,
    unknown: [...new Set(unknown)],
    calculates: ASKS.calculate.test(folded),
    supposes: ASKS.supposes.test(folded),
    specifics,
    topic: topicOf(text),
    novel: novelWords(text, material),
  };
}

export function readMessage(message: string, material: Material): MessagePart[] {
  const parts = splitMessage(message).map((part) => readPart(part, material));
  return parts.length > 0 ? parts : [readPart(message, material)];
}

/** Sentences of the pool already shown in the reply (inside a longer text shown). */
const isShown = (sentence: string, shown: Set<string>) =>
  [...shown].some((text) => text.includes(sentence));

/**
 * The sentences of `pool` that answer the part, at most two, or null when none does. The best one
 * must hold at least half of the part's distinguishing words (those not already in the question's
 * statement; a word the material never uses counts double). A supposition, or a calculation with
 * values of its own, needs three quarters of its words and of its distinguishing words, and its
 * numbers, dates and names together in one sentence. 'shown' when the answer is in what the reply
 * already shows.
 */
export function answeringSentences(
  part: MessagePart,
  material: Material,
  pool: string[],
  shown: Set<string>,
): string[] | 'shown' | null {
  if (part.unknown.length > 0 || part.topic.size === 0) return null;
  let decisive = new Set([...part.topic].filter((token) => !material.context.has(token)));
  if (decisive.size === 0) {
    // A supposition in the question's own words changes what the words cannot show ('Aa × aa').
    if (part.supposes) return null;
    decisive = part.topic;
  }
  const weight = (token: string) => (part.novel.has(token) ? 2 : 1);
  const share = (tokens: Iterable<string>, of: Set<string>) =>
    [...tokens].reduce((sum, token) => sum + weight(token), 0) /
    [...of].reduce((sum, token) => sum + weight(token), 0);
  const scored = pool
    .flatMap(sentencesOf)
    .map((sentence, index) => {
      const tokens = tokensOf(sentence);
      const matched = [...decisive].filter((token) => tokens.has(token));
      return {
        sentence,
        index,
        tokens,
        matched,
        score: share(matched, decisive),
        related: [...part.topic].filter((token) => tokens.has(token)),
      };
    })
    .filter((entry) => entry.matched.length > 0)
    .sort((a, b) => b.score - a.score || b.related.length - a.related.length || a.index - b.index);
  const best = scored[0];
  if (!best) return null;
  const chosen = [best];
  const others = scored.filter((entry) => entry.sentence !== best.sentence);
  const second =
    others.find((entry) => entry.matched.some((token) => !best.matched.includes(token))) ??
    others.find((entry) => entry.score === best.score);
  if (second) chosen.push(second);
  if (part.supposes || (part.calculates && part.specifics.size > 0)) {
    // A value or a case of its own: the material must work out that very one.
    const together = chosen.some((entry) =>
      [...part.specifics].every((token) => entry.tokens.has(token)),
    );
    const covers = (found: (entry: (typeof chosen)[number]) => string[], of: Set<string>) =>
      share(new Set(chosen.flatMap(found)), of) >= 0.75;
    const enough =
      covers((entry) => entry.matched, decisive) && covers((entry) => entry.related, part.topic);
    if (!together || !enough) return null;
  } else if (best.score < 0.5) {
    return null;
  }
  const fresh = chosen
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.sentence)
    .filter((sentence) => !isShown(sentence, shown));
  return fresh.length > 0 ? fresh : 'shown';
}
