import type { TutorQuestion } from './tutor-task';

/** Text helpers of the offline tutor: words, sentences and the parts of a question it reads. */

const STOPWORDS = new Set(
  (
    'a o as os de da do das dos e em no na nos nas um uma uns umas que por para com sem se ao aos ' +
    'ser sao foi era como mais menos mas ou seu sua seus suas ele ela eles elas isso este esta esse ' +
    'essa isto aquele aquela entre sobre pelo pela pelos pelas quando qual quais nao ja tambem muito ' +
    'apos ate desde lhe nem sua todo toda todos todas cada outro outra outros outras mesmo mesma ' +
    'alternativa alternativas questao texto acordo afirmar correta correto incorreta incorreto ' +
    'assinale considerando seguir item julgue segundo pode podem deve devem sendo sera seria'
  ).split(' '),
);

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function contentWords(text: string): Set<string> {
  return new Set(
    fold(text)
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 4 && !STOPWORDS.has(word)),
  );
}

export function numbersIn(text: string): string[] {
  return [...new Set(text.match(/\d+(?:[.,/]\d+)*(?:º|ª|%)?/g) ?? [])];
}

export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?;])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÀÇ(“"])/u)
    .map((sentence) => sentence.replace(/^[-*]\s*/, '').trim())
    .filter((sentence) => sentence.length > 2);
}

export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function quoteBlock(text: string): string[] {
  return text.split('\n').map((line) => `> ${line}`);
}

export function keyOf(question: TutorQuestion) {
  return (
    question.alternativas.find((alternative) => alternative.letter === question.gabarito) ?? {
      letter: question.gabarito,
      text: '',
    }
  );
}

/** A true/false item: the alternatives are exactly 'C) Certo' and 'E) Errado'. */
export function isJudgement(question: TutorQuestion): boolean {
  const letters = question.alternativas.map((alternative) => alternative.letter).join('');
  return letters === 'CE' && /^certo/i.test(question.alternativas[0]!.text.trim());
}

/** The letter a chat message asks about ('por que a B está errada?'), if any. */
export function askedLetter(message: string, letters: string[]): string | null {
  const match =
    /\b(?:alternativa|letra|opcao|op[cç][aã]o)\s*\(?([A-E])\)?/i.exec(message) ??
    /(?:^|\s)\(?([A-E])\)(?=\s|$|[?.,])/.exec(message) ??
    /\b(?:a|o)\s+([A-E])\b(?=\s*(?:esta|está|e|é|nao|não|\?))/.exec(message);
  const letter = match?.[1]?.toUpperCase();
  return letter && letters.includes(letter) ? letter : null;
}

/** What a chat message asks for, as far as the offline tutor can tell (on the folded message). */
export const ASKS = {
  whyKey: /\b(por ?que|porque)\b.*\b(certa|correta|certo|gabarito|resposta)\b/,
  simpler:
    /outro jeito|outra forma|outras palavras|nao entendi|simplifi|mais simples|explique melhor/,
  example: /\bexemplo/,
  law: /\b(regra|lei|artigo|norma|fundamento|base legal|sumula|jurisprudencia|doutrina)\b/,
  concept: /\b(conceito|definicao)\b/,
};
