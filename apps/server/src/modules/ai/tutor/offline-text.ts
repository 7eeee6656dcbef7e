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

/** A number as a value: '2.000' and '2000', '4,0' and '4', '1,60' and '1.6' are the same. */
function numberValue(number: string): string {
  const plain = /^\d{1,3}(?:\.\d{3})+$/.test(number)
    ? number.replaceAll('.', '')
    : number.replace(',', '.');
  return plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain;
}

/** The numbers a text states, as values ('1:50.000' states 1 and 50000); a list's '1.' is none. */
export function statedNumbers(text: string): string[] {
  const withoutListMarks = text.replace(/^\s*\d+[.)]\s/gm, '');
  return [...new Set((withoutListMarks.match(/\d+(?:[.,]\d+)*/g) ?? []).map(numberValue))];
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
    /\b(?:a|o)\s+([A-E])\b(?=\s*(?:esta|está|e|é|nao|não|da|dá|diz|fala|serve|tem|traz|\?))/.exec(
      message,
    );
  const letter = match?.[1]?.toUpperCase();
  return letter && letters.includes(letter) ? letter : null;
}

/** What a chat message asks for, as far as the offline tutor can tell (on the folded message). */
export const ASKS = {
  /** Why the key is right, or simply which it is ('Qual é o gabarito?'). */
  whyKey:
    /\b(por ?que|porque)\b.*\b(certa|correta|certo|gabarito|resposta)\b|\bqual (?:e |foi )?(?:o gabarito|a resposta|a alternativa (?:certa|correta)|(?:alternativa|letra) (?:e |esta )?(?:a )?(?:certa|correta))\b/,
  simpler:
    /outro jeito|outra forma|outras palavras|nao entendi|simplifi|mais simples|explique melhor/,
  example: /\bexemplo/,
  law: /\b(regra|formula|lei|artigo|norma|fundamento|base legal|sumula|jurisprudencia|doutrina)\b/,
  /** How the question is solved: the key's reason is the answer. */
  solving:
    /\bcomo (?:se )?(?:resolve|resolvo|monta|chega|chego|calcula|acha|encontra)\b|\bde onde (?:vem|sai|saiu)\b/,
  concept: /\b(conceito|definicao)\b/,
  /** To apply the content to a situation of one's own: a lesson, a class, everyday life. */
  apply:
    /\bcomo (?:eu )?(?:faria|faco|fazer|aplicaria|aplico|aplicar|usaria|uso|usar|trabalharia|trabalho|trabalhar|ensinaria|ensino|ensinar|explicaria|explico|montaria|montar|planejaria|planejar)\b|\bna pratica\b|\bno dia a dia\b|\bem sala\b|\bnuma aula\b|\bna minha (?:aula|escola|turma)\b|\bcom (?:os )?meus alunos\b/,
  /** To compute a value. */
  calculate:
    /\bcalcul|\bquant(?:o|a|os|as)\b(?! (?:a|ao|aos|as)\b)|\bfa[cz]a a conta|\bqual (?:e|foi|seria|sera|fica|ficaria|daria) (?:o|a) (?:valor|resultado|total|distancia|velocidade|area|media|aumento|percentual|porcentagem|proporcao|numero|tempo|temperatura|soma|massa|corrente|potencia|aceleracao|desaceleracao)\b/,
  /** A case other than the question's own: 'e se…', 'se fosse…', a conditional. */
  supposes:
    /^(?:e )?se\b|\be se\b|\bse (?:fosse|fossem|tivesse|tivessem|estivesse|fizesse|for|forem|tiver)\b|\bsupo(?:nha|ndo|r)\b|\bimagin(?:e|ando)\b|\bcaso\b|\bhipotes|\b(?:seria|seriam|teria|teriam|daria|dariam|faria|haveria|poderia|poderiam|levaria|levariam|caberia|caberiam|ficaria|ficariam|aconteceria|mudaria|valeria|diria)\b/,
};

/** Everything the tutor may quote about a question. */
export function materialText(question: TutorQuestion): string {
  const comment = question.comentario;
  return [
    question.examLabel,
    question.disciplina,
    question.assunto,
    question.enunciado,
    ...question.alternativas.map((alternative) => `${alternative.letter}) ${alternative.text}`),
    question.textoReferencia ?? '',
    question.imagem?.description ?? '',
    ...(comment
      ? [comment.resumo, ...comment.razoes.map((reason) => reason.text), ...comment.fundamento]
      : []),
  ].join('\n');
}
