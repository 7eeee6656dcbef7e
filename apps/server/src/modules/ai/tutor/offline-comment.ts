import {
  ASKS,
  askedLetter,
  clip,
  contentWords,
  fold,
  isJudgement,
  keyOf,
  sentencesOf,
} from './offline-text';
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

/** Sentences of the comment (and the reference text) about the words of the message. */
function relatedSentences(question: Commented, message: string, shown: Set<string>): string[] {
  const wanted = contentWords(message);
  const pool = [
    question.comentario.resumo,
    ...question.comentario.razoes.map((reason) => reason.text),
    ...(question.textoReferencia ? [question.textoReferencia] : []),
  ].flatMap(sentencesOf);
  return pool
    .filter((sentence) => ![...shown].some((text) => text.includes(sentence)))
    .map((sentence, index) => ({
      sentence,
      index,
      score: [...contentWords(sentence)].filter((word) => wanted.has(word)).length,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .map((entry) => clip(entry.sentence, 400));
}

/** Words of the message beyond the letter it asks about ('e o que foi a derrama?'). */
function asksMore(message: string): boolean {
  const rest = fold(message)
    .replace(
      /\b(por ?que|porque|alternativa|letra|opcao|esta|errada|certa|correta|incorreta)\b/g,
      '',
    )
    .replace(/\b[a-e]\b/g, '');
  return contentWords(rest).size > 0;
}

/** A chat reply from the comment: the reason asked about, the basis, or what the comment says. */
export function commentedChatReply(
  task: Extract<TutorTask, { kind: 'chat' }> & { question: Commented },
) {
  const { question, message } = task;
  const comment = question.comentario;
  const key = keyOf(question);
  const folded = fold(message);
  const letters = question.alternativas.map((alternative) => alternative.letter);
  const asked = askedLetter(message, letters);
  const lines: string[] = [];
  const shown = new Set<string>();

  if (asked) {
    const reason = reasonOf(question, asked);
    shown.add(reason);
    lines.push(verdictLine(question, asked), '', reason);
    // The key's reason is in the comment on the same screen: named, not repeated.
    if (asked !== key.letter)
      lines.push('', `A resposta oficial é ${answerName(question, key.letter)}.`);
    if (asksMore(message)) {
      const more = relatedSentences(question, message, shown);
      if (more.length > 0)
        lines.push(
          '',
          'Sobre o resto da sua pergunta, o comentário diz:',
          '',
          ...more.map((sentence) => `> ${sentence}`),
        );
    }
  } else if (ASKS.whyKey.test(folded)) {
    lines.push(
      `A resposta oficial é ${answerName(question, key.letter)}: ${reasonOf(question, key.letter)}`,
      '',
      comment.resumo,
    );
  } else if (ASKS.example.test(folded)) {
    lines.push(
      'Não consigo inventar exemplos novos: sou o tutor offline, não um modelo de linguagem. O exemplo resolvido que tenho é o desta questão:',
      '',
      comment.resumo,
      '',
      `Para mais questões de ${question.assunto}, abra o assunto em Disciplinas isoladas.`,
    );
  } else if (ASKS.simpler.test(folded)) {
    lines.push(
      'Vamos por partes:',
      '',
      `1. **A ideia central:** ${comment.resumo}`,
      `2. **A resposta oficial, ${answerName(question, key.letter)}:** ${reasonOf(question, key.letter)}`,
      '3. **Para conferir as outras:** pergunte por uma letra, por exemplo "por que a B está errada?".',
    );
  } else if (ASKS.law.test(folded)) {
    lines.push(
      ...(comment.fundamento.length > 0
        ? ['O fundamento desta questão:', '', ...comment.fundamento.map((source) => `- ${source}`)]
        : [
            'O comentário desta questão não cita lei, súmula ou outra fonte: a resposta se apoia no próprio conteúdo.',
          ]),
      '',
      comment.resumo,
    );
  } else {
    const related = relatedSentences(question, message, shown);
    if (related.length > 0) {
      lines.push(
        'Do comentário da equipe sobre esta questão:',
        '',
        ...related.map((sentence) => `> ${sentence}`),
      );
    } else {
      lines.push(
        'Não encontrei isso no comentário desta questão. O que ele diz, em resumo:',
        '',
        comment.resumo,
        '',
        'Pergunte sobre uma alternativa (por exemplo, "por que a B está errada?") ou sobre o fundamento.',
      );
    }
  }
  lines.push('', COMMENT_FOOTER);
  return lines.join('\n');
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
