import { countLabel } from '@gabarita/shared';
import {
  answeringSentences,
  materialOf,
  readMessage,
  type Material,
  type MessagePart,
} from './offline-reading';
import { answerableQuestions, partByPart } from './offline-reply';
import {
  clip,
  contentWords,
  fold,
  isJudgement,
  keyOf,
  numbersIn,
  paragraphsOf,
  quoteBlock,
  sentencesOf,
} from './offline-text';
import {
  commentedChatReply,
  commentedFeedback,
  isCommented,
  notedStudyText,
} from './offline-comment';
import {
  uncommentedExplanation,
  uncommentedFeedback,
  uncommentedWrongAnswer,
} from './offline-uncommented';
import type { TutorQuestion, TutorTask } from './tutor-task';

/**
 * The offline tutor's texts: assembled, deterministically, from the question's own data (the key,
 * the alternatives, the passages of the reference text that share the most words with the key, the
 * image description) and, for study texts, from the catalogue's questions of the subject. It writes
 * no opinion of its own and never presents itself as AI (docs/product-rules.md, "AI tutor and
 * tokens").
 */

export const OFFLINE_FOOTER =
  '*Tutor offline do Gabarita: texto montado a partir do gabarito oficial, das alternativas e do texto de referência. Não foi escrito por uma Inteligência Artificial.*';

/** The statement being judged: the last paragraph of a true/false item. */
function judgedItem(question: TutorQuestion): string {
  const paragraphs = paragraphsOf(question.enunciado).filter(
    (paragraph) => !/^julgue\b/i.test(fold(paragraph)),
  );
  return paragraphs.at(-1) ?? question.enunciado;
}

/** A stem asking for the wrong alternative or the exception ('assinale a incorreta', 'exceto'). */
function asksForException(question: TutorQuestion): boolean {
  const stem = fold(paragraphsOf(question.enunciado).at(-1) ?? question.enunciado);
  return /\b(incorreta|incorreto|exceto|errada|falsa)\b|\bnao (e|esta|corresponde)\b/.test(stem);
}

/** The stem completed by the key, when the stem is an unfinished sentence ('realizou-se em'). */
function completedStem(question: TutorQuestion, keyText: string): string | null {
  const last = paragraphsOf(question.enunciado).at(-1);
  if (!last || /[.?!:;]["”»)]?$/.test(last)) return null;
  const lastSentence = sentencesOf(last).at(-1) ?? last;
  return `${lastSentence} ${keyText}`;
}

/** Up to `max` sentences of the reference text sharing the most words with `target`, in order. */
function supportingPassages(question: TutorQuestion, target: string, max = 2): string[] {
  if (!question.textoReferencia) return [];
  const wanted = contentWords(target);
  const context = contentWords(question.enunciado);
  const scored = sentencesOf(question.textoReferencia).map((sentence, index) => {
    let score = 0;
    for (const word of contentWords(sentence)) {
      if (wanted.has(word)) score += 2;
      else if (context.has(word)) score += 1;
    }
    return { sentence, index, score };
  });
  return scored
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((entry) => clip(entry.sentence, 320));
}

function whyWrong(
  question: TutorQuestion,
  alternative: { letter: string; text: string },
  key: { letter: string; text: string },
): string {
  if (isJudgement(question)) {
    return key.letter === 'C'
      ? 'julgar o item como Errado contraria o gabarito oficial, que o considera Certo.'
      : 'julgar o item como Certo contraria o gabarito oficial, que o considera Errado.';
  }
  if (asksForException(question)) {
    return `“${clip(alternative.text, 220)}” não é a resposta: a questão pede a alternativa incorreta (ou a exceção), e o gabarito oficial aponta a ${key.letter}.`;
  }
  const own = numbersIn(alternative.text);
  const keyNumbers = numbersIn(key.text);
  const differing = own.filter((number) => !keyNumbers.includes(number));
  if (differing.length > 0 && keyNumbers.length > 0) {
    return `“${clip(alternative.text, 220)}” cita ${differing.join(', ')}, enquanto a alternativa correta (${key.letter}) traz ${keyNumbers.join(', ')}.`;
  }
  return `“${clip(alternative.text, 220)}” não corresponde ao gabarito oficial (${key.letter}).`;
}

/**
 * The explanation of a question: from the team's comment when there is one; without it the tutor
 * has no reasons to give and says so (offline-uncommented.ts).
 */
export function offlineFeedback(question: TutorQuestion): string {
  if (isCommented(question)) return commentedFeedback(question);
  return uncommentedFeedback(question);
}

/** A fact a question teaches: the completed stem, the key, or the judged item with its verdict. */
function factOf(question: TutorQuestion): string {
  const key = keyOf(question);
  if (isJudgement(question)) {
    const item = clip(judgedItem(question), 360);
    return key.letter === 'C' ? item : `É **errado** afirmar que: “${item}”`;
  }
  if (asksForException(question)) {
    return `A afirmação que a banca considerou incorreta: “${clip(key.text, 300)}”`;
  }
  return clip(completedStem(question, key.text) ?? key.text, 360);
}

function stemSummary(question: TutorQuestion): string {
  const paragraphs = paragraphsOf(question.enunciado);
  return clip(paragraphs.at(-1) ?? question.enunciado, 200);
}

export const NO_NOTES_YET =
  'Este assunto ainda não tem notas de estudo da equipe. O que segue é montado a partir das questões do catálogo e dos seus gabaritos.';

/**
 * A study text for a discipline's subject: from the team's study notes when there are some,
 * otherwise from the catalogue's questions of that subject (and saying so).
 */
export function offlineStudyText(task: Extract<TutorTask, { kind: 'didactic' }>): string {
  if (task.notas) return notedStudyText({ ...task, notas: task.notas });
  const { disciplina, assunto, examples } = task;
  const lines: string[] = [
    `## ${assunto}`,
    '',
    `*${NO_NOTES_YET}*`,
    '',
    `Texto de estudo de **${disciplina}**, montado a partir de ${countLabel(examples.length, 'questão', 'questões')} do catálogo sobre ${assunto}.`,
    '',
    '### Conceitos essenciais',
  ];
  for (const question of examples) lines.push(`- ${factOf(question)}`);
  const passages = examples.flatMap((question) =>
    supportingPassages(question, keyOf(question).text, 1),
  );
  const uniquePassages = [...new Set(passages)].slice(0, 3);
  if (uniquePassages.length > 0) {
    lines.push('', 'Trechos dos textos de referência dessas questões:', '');
    for (const passage of uniquePassages) lines.push(`> ${passage}`, '>');
    lines.pop();
  }

  lines.push('', '### O que as bancas costumam cobrar');
  for (const question of examples)
    lines.push(`- ${question.examLabel}: “${stemSummary(question)}”`);

  lines.push('', '### Pegadinhas comuns');
  const traps = examples
    .filter((question) => !isJudgement(question) && !asksForException(question))
    .flatMap((question) => {
      const key = keyOf(question);
      return question.alternativas
        .filter((alternative) => alternative.letter !== key.letter)
        .slice(0, 1)
        .map(
          (alternative) => `- ${whyWrong(question, alternative, key).replace(/^“/, 'Marcar “')}`,
        );
    })
    .slice(0, 3);
  const judgementTraps = examples
    .filter(isJudgement)
    .slice(0, 1)
    .map(() => '- Em itens de julgar, um único detalhe errado torna a afirmação inteira errada.');
  const exceptionTraps = examples.some(asksForException)
    ? [
        '- Comandos como “assinale a incorreta” ou “exceto” pedem a afirmação falsa: leia o comando até o fim.',
      ]
    : [];
  const allTraps = [...traps, ...judgementTraps, ...exceptionTraps];
  lines.push(
    ...(allTraps.length > 0
      ? allTraps
      : ['- Leia o enunciado até o fim e compare cada alternativa com o que ele pede.']),
  );

  lines.push('', '### Exemplos resolvidos');
  examples.slice(0, 3).forEach((question, index) => {
    const key = keyOf(question);
    lines.push(
      '',
      `**Exemplo ${index + 1}** (${question.examLabel})`,
      '',
      ...quoteBlock(clip(question.enunciado, 600)),
      '',
      ...question.alternativas.map((alternative) => `- ${alternative.letter}) ${alternative.text}`),
      '',
      `**Resposta: ${key.letter})** ${factOf(question)}`,
    );
    const support = supportingPassages(question, key.text, 1);
    if (support[0]) lines.push(`Apoio no texto de referência: “${support[0]}”`);
  });

  lines.push(
    '',
    '### Resumo',
    `Em ${assunto}, as questões do catálogo cobram: ${examples
      .slice(0, 3)
      .map((question) => `“${clip(factOf(question).replace(/\*\*/g, ''), 120)}”`)
      .join('; ')}.`,
    '',
    '---',
    OFFLINE_FOOTER,
  );
  return lines.join('\n');
}

/** The question data's answer to one part of a message, or null when the data does not have it. */
function dataAnswer(
  task: Extract<TutorTask, { kind: 'chat' }>,
  material: Material,
  part: MessagePart,
): string[] | null {
  if (part.unknown.length > 0) return null;
  const { question } = task;
  const key = keyOf(question);
  if (part.request === 'letter' && part.letter && part.letter !== key.letter) {
    return uncommentedWrongAnswer(question, part.letter);
  }
  switch (part.request) {
    case 'letter':
    case 'why-key':
      return uncommentedExplanation(question);
    case 'simpler':
      return [
        'Vamos por partes:',
        '',
        `1. **O que a questão pede:** ${stemSummary(question)}`,
        `2. **A resposta oficial:** ${key.letter}) ${key.text}`,
        '3. **Como conferir:** compare cada alternativa com o que o enunciado pede:',
        ...question.alternativas.map(
          (alternative) =>
            `   - ${alternative.letter}) ${alternative.letter === key.letter ? 'é a resposta do gabarito oficial' : 'não é a resposta'}`,
        ),
      ];
    case 'example':
    case 'apply':
      return null;
    case 'basis':
    case 'concept': {
      const rules = question.textoReferencia
        ? sentencesOf(question.textoReferencia).filter((sentence) =>
            /\b(art\.|lei|§|inciso|decreto|resolu|constitui)/i.test(sentence),
          )
        : [];
      const passages =
        rules.length > 0 ? rules.slice(0, 3) : supportingPassages(question, key.text, 2);
      return passages.length > 0
        ? [
            'Do texto de referência da questão:',
            '',
            ...passages.map((passage) => `> ${clip(passage, 320)}`),
          ]
        : [
            `A questão não traz um texto de referência com a regra. O assunto é ${question.assunto} (${question.disciplina}); a resposta oficial é a ${key.letter}): “${clip(key.text, 300)}”.`,
          ];
    }
    case 'open': {
      const pool = [
        ...(question.textoReferencia ? [question.textoReferencia] : []),
        ...(task.feedback ? [task.feedback.replace(/[*#>]/g, '')] : []),
      ];
      const found = answeringSentences(part, material, pool, new Set());
      if (found === null || found === 'shown') return null;
      return [
        'O que encontrei sobre isso nos dados da questão:',
        '',
        ...found.map((sentence) => `> ${clip(sentence, 320)}`),
      ];
    }
  }
}

/**
 * A reply to a chat message, from the question's data, part by part; says plainly what it did not
 * find and what it can answer instead.
 */
export function offlineChatReply(task: Extract<TutorTask, { kind: 'chat' }>): string {
  const { question, message } = task;
  if (isCommented(question)) return commentedChatReply({ ...task, question });
  const key = keyOf(question);
  const material = materialOf(question);
  const answers = readMessage(message, material).map((part) => ({
    part,
    lines: dataAnswer(task, material, part),
  }));
  const alternativeText = (letter: string) =>
    question.alternativas.find((alternative) => alternative.letter === letter)?.text ?? '';
  const lines = partByPart(answers, {
    opening: 'Não encontrei sua pergunta nos dados desta questão.',
    subject: 'A questão',
    instead: (part) => [
      part.request === 'example'
        ? `O melhor exemplo que tenho é a própria alternativa correta: “${clip(completedStem(question, key.text) ?? key.text, 300)}”.`
        : `Lembre: o gabarito oficial é a **${key.letter})** “${clip(key.text, 300)}”.`,
    ],
    offers: [
      'Posso responder, a partir dos dados da questão:',
      '',
      ...answerableQuestions(
        question,
        message,
        alternativeText,
        question.textoReferencia ? ['- “Qual a regra/lei envolvida?”'] : [],
      ),
    ],
  });
  return [...lines, '', OFFLINE_FOOTER].join('\n');
}

/** The offline tutor's text for a task. */
export function offlineText(task: TutorTask): string {
  switch (task.kind) {
    case 'feedback':
      return offlineFeedback(task.question);
    case 'chat':
      return offlineChatReply(task);
    case 'didactic':
      return offlineStudyText(task);
  }
}
