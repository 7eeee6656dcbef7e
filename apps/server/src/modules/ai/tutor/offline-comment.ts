import {
  answeringSentences,
  materialOf,
  readMessage,
  type Material,
  type MessagePart,
} from './offline-reading';
import { answerableQuestions, partByPart, wrongLetterExample } from './offline-reply';
import { clip, isJudgement, keyOf } from './offline-text';
import type { TutorComment, TutorQuestion, TutorStudyNotes, TutorTask } from './tutor-task';

/**
 * The offline tutor on what the team wrote: on a commented question every text comes from the
 * comment (the summary, the reason of each alternative, the basis), and a subject's study text from
 * its study notes and commented questions, so it teaches what they teach and never just restates
 * the key (docs/product-rules.md, "Authored comments").
 */

export const NOTES_FOOTER =
  '*Tutor offline do Gabarita: texto montado a partir das notas de estudo e dos comentários da equipe do Gabarita. Não foi escrito por uma Inteligência Artificial.*';

export const COMMENT_FOOTER =
  '*Tutor offline do Gabarita: texto montado a partir do comentário da equipe do Gabarita e do gabarito oficial. Não foi escrito por uma Inteligência Artificial.*';

type Commented = TutorQuestion & { comentario: TutorComment };

export function isCommented(question: TutorQuestion): question is Commented {
  return question.comentario !== null;
}

function reasonOf(question: Commented, letter: string): string {
  return question.comentario.razoes.find((reason) => reason.letter === letter)?.text ?? '';
}

/** 'a alternativa B' or, in a true/false item, 'julgar Certo'. */
function answerName(question: TutorQuestion, letter: string): string {
  if (!isJudgement(question)) return `a alternativa ${letter}`;
  return letter === 'C' ? 'julgar Certo' : 'julgar Errado';
}

function verdictLine(question: TutorQuestion, letter: string): string {
  const right = letter === keyOf(question).letter;
  const name = answerName(question, letter);
  const verdict = isJudgement(question)
    ? right
      ? 'correto'
      : 'incorreto'
    : right
      ? 'correta'
      : 'incorreta';
  return `**${name.charAt(0).toUpperCase()}${name.slice(1)}: ${verdict}**`;
}

function basisLines(comment: TutorComment): string[] {
  if (comment.fundamento.length === 0) return [];
  return ['', '### Fundamento', ...comment.fundamento.map((source) => `- ${source}`)];
}

/** The explanation of a commented question. */
export function commentedFeedback(question: Commented): string {
  const key = keyOf(question);
  const judgement = isJudgement(question);
  const lines = [
    `**Gabarito oficial: ${key.letter}${judgement ? ` (${key.text.replace(/\.$/, '')})` : ''}**`,
    '',
    question.comentario.resumo,
    '',
    `### Por que ${judgement ? `o gabarito é ${key.letter === 'C' ? 'Certo' : 'Errado'}` : `a alternativa ${key.letter} está correta`}`,
    reasonOf(question, key.letter),
    '',
    judgement
      ? `### Por que não ${key.letter === 'C' ? 'Errado' : 'Certo'}`
      : '### Por que as outras alternativas estão incorretas',
  ];
  for (const reason of question.comentario.razoes) {
    if (reason.letter === key.letter) continue;
    lines.push(judgement ? reason.text : `- **${reason.letter})** ${reason.text}`);
  }
  lines.push(...basisLines(question.comentario), '', '---', COMMENT_FOOTER);
  return lines.join('\n');
}

/** The comment's answer to one part of a message, or null when the comment does not have it. */
function commentAnswer(
  question: Commented,
  material: Material,
  part: MessagePart,
  shown: Set<string>,
): string[] | null {
  if (part.unknown.length > 0) return null;
  const comment = question.comentario;
  const key = keyOf(question);
  switch (part.request) {
    case 'letter': {
      const reason = reasonOf(question, part.letter!);
      shown.add(reason);
      // The key's reason is in the comment on the same screen: named, not repeated.
      return [
        verdictLine(question, part.letter!),
        '',
        reason,
        ...(part.letter !== key.letter
          ? ['', `A resposta oficial é ${answerName(question, key.letter)}.`]
          : []),
      ];
    }
    case 'why-key':
      shown.add(reasonOf(question, key.letter));
      return [
        `A resposta oficial é ${answerName(question, key.letter)}: ${reasonOf(question, key.letter)}`,
        '',
        comment.resumo,
      ];
    case 'simpler':
      return [
        'Vamos por partes:',
        '',
        `1. **A ideia central:** ${comment.resumo}`,
        `2. **A resposta oficial, ${answerName(question, key.letter)}:** ${reasonOf(question, key.letter)}`,
        isJudgement(question)
          ? `3. **Por que não ${key.letter === 'C' ? 'Errado' : 'Certo'}:** ${reasonOf(question, key.letter === 'C' ? 'E' : 'C')}`
          : `3. **Para conferir as outras:** pergunte por uma letra, por exemplo ${wrongLetterExample(question)}.`,
      ];
    case 'basis':
      return [
        ...(comment.fundamento.length > 0
          ? [
              'O fundamento desta questão:',
              '',
              ...comment.fundamento.map((source) => `- ${source}`),
            ]
          : [
              'O comentário desta questão não cita lei, súmula ou outra fonte: a resposta se apoia no próprio conteúdo.',
            ]),
        '',
        comment.resumo,
      ];
    case 'example':
    case 'apply':
      return null;
    case 'concept':
    case 'open': {
      const pool = [
        comment.resumo,
        ...comment.razoes.map((reason) => reason.text),
        ...(question.textoReferencia ? [question.textoReferencia] : []),
      ];
      const found = answeringSentences(part, material, pool, shown);
      if (found === null) return null;
      if (found === 'shown') return ['A resposta acima já trata disso.'];
      found.forEach((sentence) => shown.add(sentence));
      return [
        'Do comentário da equipe sobre esta questão:',
        '',
        ...found.map((sentence) => `> ${clip(sentence, 400)}`),
      ];
    }
  }
}

/**
 * A chat reply from the comment, part by part: the reason asked about, the basis, what the comment
 * says; and, for what it does not have, that it did not find it and what it can answer instead.
 */
export function commentedChatReply(
  task: Extract<TutorTask, { kind: 'chat' }> & { question: Commented },
) {
  const { question, message } = task;
  const comment = question.comentario;
  const material = materialOf(question);
  const shown = new Set<string>();
  const answers = readMessage(message, material).map((part) => ({
    part,
    lines: commentAnswer(question, material, part, shown),
  }));
  const reasonText = (letter: string) => reasonOf(question, letter);
  const lines = partByPart(answers, {
    opening: 'Não encontrei isso no comentário desta questão.',
    subject: 'Ele',
    // Asked how to apply it, the student has read what the comment explains.
    instead: (part) =>
      part.request === 'apply'
        ? []
        : [
            part.request === 'example'
              ? 'O exemplo resolvido que tenho é o da própria questão:'
              : part.calculates || part.supposes
                ? 'O comentário resolve só o caso da própria questão:'
                : 'O que ele diz, em resumo:',
            '',
            comment.resumo,
          ],
    offers: [
      'Posso responder, a partir do comentário:',
      '',
      ...answerableQuestions(
        question,
        message,
        reasonText,
        comment.fundamento.length > 0 ? ['- “Qual é o fundamento?”'] : [],
      ),
    ],
  });
  return [...lines, '', COMMENT_FOOTER].join('\n');
}

/** A question that shows something the text cannot (a figure, an image alternative). */
function needsPicture(question: TutorQuestion): boolean {
  return (
    question.imagem !== null ||
    [question.enunciado, ...question.alternativas.map((alternative) => alternative.text)].some(
      (text) => text.includes('[Figura'),
    )
  );
}

const MAX_WORKED_EXAMPLES = 3;

/**
 * A subject's study text from the team's notes: the concepts and rules, the traps, the basis, then
 * worked examples from commented questions that need no picture. Nothing is cut mid-word.
 */
export function notedStudyText(
  task: Extract<TutorTask, { kind: 'didactic' }> & { notas: TutorStudyNotes },
): string {
  const { disciplina, assunto, notas } = task;
  const examples = task.examples
    .filter(isCommented)
    .filter((question) => !needsPicture(question))
    .slice(0, MAX_WORKED_EXAMPLES);
  const lines = [
    `## ${assunto}`,
    '',
    `Texto de estudo de **${disciplina}**, das notas de estudo da equipe do Gabarita${examples.length > 0 ? ` e de ${examples.length === 1 ? 'uma questão comentada' : `${examples.length} questões comentadas`} do catálogo` : ''}.`,
    '',
    '### Conceitos essenciais',
    notas.texto,
  ];
  if (notas.armadilhas.length > 0) {
    lines.push('', '### Pegadinhas comuns', ...notas.armadilhas.map((trap) => `- ${trap}`));
  }
  if (notas.fundamento.length > 0) {
    lines.push('', '### Fundamento', ...notas.fundamento.map((source) => `- ${source}`));
  }
  if (examples.length > 0) {
    lines.push('', '### Exemplos resolvidos');
    examples.forEach((question, index) => {
      const key = keyOf(question);
      lines.push(
        '',
        `**Exemplo ${index + 1}** (${question.examLabel})`,
        '',
        ...question.enunciado.split('\n').map((line) => `> ${line}`),
        '',
        ...question.alternativas.map(
          (alternative) => `- ${alternative.letter}) ${alternative.text}`,
        ),
        '',
        `**Resposta: ${key.letter})** ${reasonOf(question, key.letter)}`,
      );
    });
  }
  lines.push('', '---', NOTES_FOOTER);
  return lines.join('\n');
}
