import { isJudgement, keyOf } from './offline-text';
import type { TutorQuestion } from './tutor-task';

/**
 * The offline tutor on a question the team has not commented yet. Its reasons come from the
 * comment, so here it has none to give: it says so, gives the official key and what the student
 * can do instead, and never dresses the key up as a reason ('A) incorreta: não corresponde ao
 * gabarito') or repeats the statement as a lesson (docs/product-rules.md, "Authored comments").
 */

export const UNCOMMENTED_FOOTER =
  '*Tutor offline do Gabarita: sem o comentário da equipe, ele informa o gabarito oficial e não inventa razões. Não foi escrito por uma Inteligência Artificial.*';

export const NO_COMMENT_YET =
  'Esta questão ainda não tem comentário da equipe. O tutor offline explica as questões a partir desse comentário: sem ele, não tem como dizer por que cada alternativa está certa ou errada, e não inventa uma razão.';

/** 'a alternativa B' or, in a true/false item, 'o item está Certo'. */
function keyStatement(question: TutorQuestion): string {
  const key = keyOf(question);
  if (isJudgement(question)) {
    return `Segundo o gabarito oficial, o item está **${key.letter === 'C' ? 'Certo' : 'Errado'}**.`;
  }
  return `Segundo o gabarito oficial, a resposta é a alternativa **${key.letter}**.`;
}

/** What the student can use instead of the missing comment. */
function instead(question: TutorQuestion): string[] {
  return [
    'O que você pode fazer:',
    '- ver, junto da questão, como os outros estudantes responderam;',
    '- usar “Reportar falta de comentário” para pedir o comentário à equipe;',
    question.textoReferencia
      ? '- perguntar no chat sobre o texto de referência da questão, que o tutor cita como está.'
      : '- conferir o assunto nos textos de estudo de Disciplinas isoladas.',
  ];
}

/** The explanation's body, without the key's heading and the footer (the chat reuses it). */
export function uncommentedExplanation(question: TutorQuestion): string[] {
  return [keyStatement(question), '', NO_COMMENT_YET, '', ...instead(question)];
}

/** The explanation of a question without the team's comment. */
export function uncommentedFeedback(question: TutorQuestion): string {
  const key = keyOf(question);
  const verdict = isJudgement(question) ? ` (${key.text.replace(/\.$/, '')})` : '';
  return [
    `**Gabarito oficial: ${key.letter}${verdict}**`,
    '',
    ...uncommentedExplanation(question),
    '',
    '---',
    UNCOMMENTED_FOOTER,
  ].join('\n');
}

/** A chat answer about an alternative that is not the key, on a question without a comment. */
export function uncommentedWrongAnswer(question: TutorQuestion, asked: string): string[] {
  const key = keyOf(question);
  const judgement = isJudgement(question);
  const askedName = judgement
    ? `Julgar o item como **${asked === 'C' ? 'Certo' : 'Errado'}**`
    : `A alternativa **${asked})**`;
  const keyName = judgement
    ? `o item está **${key.letter === 'C' ? 'Certo' : 'Errado'}**`
    : `a resposta é a **${key.letter})**`;
  return [
    `${askedName} não é a resposta: segundo o gabarito oficial, ${keyName}.`,
    '',
    'Esta questão ainda não tem comentário da equipe, então não tenho a razão de cada alternativa e não vou inventar uma. Use “Reportar falta de comentário” para pedir o comentário à equipe.',
  ];
}
