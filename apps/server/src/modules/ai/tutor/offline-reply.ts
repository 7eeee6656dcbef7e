import { tokensOf, type MessagePart } from './offline-reading';
import { clip, isJudgement, keyOf } from './offline-text';
import type { TutorQuestion } from './tutor-task';

/**
 * A chat reply of the offline tutor put together from its parts' answers: one part answered or
 * said not found, with what it can answer instead; several parts answered one by one, each saying
 * whether the material has it (docs/product-rules.md, "What the offline tutor answers").
 */

export interface PartAnswer {
  part: MessagePart;
  /** The answer from the material, or null: not found. */
  lines: string[] | null;
}

export interface NotFoundWording {
  /** 'Não encontrei isso no comentário desta questão.' */
  opening: string;
  /** The material as the subject of a sentence, after the opening: 'Ele' (the comment). */
  subject: string;
  /** Shown under a single part not found: what the material does say (or nothing). */
  instead: (part: MessagePart) => string[];
  /** 'Posso responder, a partir do comentário:' and the questions it can answer. */
  offers: string[];
}

/** Why the material does not answer the part, in a sentence (or none). */
function reasonNotFound(part: MessagePart, subject: string): string {
  const reasons: string[] = [];
  if (part.unknown.length > 0) {
    const listed =
      part.unknown.length === 1
        ? part.unknown[0]!
        : `${part.unknown.slice(0, -1).join(', ')} nem de ${part.unknown.at(-1)!}`;
    reasons.push(`${subject} não fala de ${listed}.`);
  }
  if (part.request === 'example') {
    reasons.push(
      'Não consigo inventar exemplos novos: sou o tutor offline, não um modelo de linguagem.',
    );
  } else if (part.request === 'apply') {
    reasons.push(`${subject} explica o conteúdo, não como aplicá-lo a uma situação sua.`);
  } else if (part.calculates) {
    reasons.push('Não faço contas novas: sou o tutor offline, não um modelo de linguagem.');
  } else if (part.supposes && part.unknown.length === 0) {
    reasons.push(`${subject} trata só do caso apresentado, não dessa hipótese.`);
  }
  return reasons.join(' ');
}

function notFoundLine(part: MessagePart, wording: NotFoundWording): string {
  return [wording.opening, reasonNotFound(part, wording.subject)].filter(Boolean).join(' ');
}

export function partByPart(answers: PartAnswer[], wording: NotFoundWording): string[] {
  const missing = answers.some((answer) => answer.lines === null);
  if (answers.length === 1) {
    const { part, lines } = answers[0]!;
    if (lines) return lines;
    const instead = wording.instead(part);
    return [
      notFoundLine(part, wording),
      ...(instead.length > 0 ? ['', ...instead] : []),
      '',
      ...wording.offers,
    ];
  }
  const body = answers.flatMap(({ part, lines }, index) => [
    ...(index > 0 ? [''] : []),
    `*“${clip(part.text, 200)}”*`,
    '',
    ...(lines ?? [notFoundLine(part, wording)]),
  ]);
  return missing ? [...body, '', ...wording.offers] : body;
}

/**
 * The questions it can answer instead: why the key is right, why a wrong alternative (the one
 * nearest the message) is wrong, and whatever else the material holds (`more`). Never a wrong
 * alternative that is the key.
 */
export function answerableQuestions(
  question: TutorQuestion,
  message: string,
  textOf: (letter: string) => string,
  more: string[],
): string[] {
  const key = keyOf(question);
  if (isJudgement(question)) {
    return [`- “Por que o gabarito é ${key.letter === 'C' ? 'Certo' : 'Errado'}?”`, ...more];
  }
  const wanted = tokensOf(message);
  const wrong = question.alternativas
    .filter((alternative) => alternative.letter !== key.letter)
    .map((alternative, index) => ({
      letter: alternative.letter,
      index,
      shared: [...tokensOf(textOf(alternative.letter))].filter((token) => wanted.has(token)).length,
    }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)[0];
  return [
    `- “Por que a ${key.letter} está correta?”`,
    ...(wrong ? [`- “Por que a ${wrong.letter} está errada?”`] : []),
    ...more,
  ];
}

/** An example question about a wrong alternative, never about the key. */
export function wrongLetterExample(question: TutorQuestion): string | null {
  const key = keyOf(question);
  const wrong = question.alternativas.find((alternative) => alternative.letter !== key.letter);
  return wrong ? `“Por que a ${wrong.letter} está errada?”` : null;
}
