import { SUBSCRIPTION_WARNINGS } from './subscription';

/** Texts of the AI tutor: the product's wording where it gives one (spec sections 2, 5 and 8). */
export const AI_MESSAGES = {
  /** An answer the server's restart cut short (docs/product-rules.md, "AI tutor and tokens"). */
  interruptedByRestart:
    'A resposta foi interrompida porque o servidor está reiniciando. Nada foi cobrado: tente novamente em alguns segundos.',
  /** A stream that ended without its last word: the connection fell. */
  interruptedConnection:
    'A resposta foi interrompida porque a conexão com o servidor caiu. Tente novamente.',
  /** The feedback area's own failure text. */
  feedbackFailed: 'Ops! Ocorreu um erro ao tentar gerar o feedback. Tente novamente.',
  /** The explanation service's failure (the `error` event of a feedback stream carries it). */
  feedbackServiceFailed: 'Não foi possível obter o feedback da IA. Tente novamente mais tarde.',
  /** The study-content screen's failure text, as far as the product words it. */
  contentFailed: 'Ops! Ocorreu um erro ao gerar o conteúdo...',
  contentServiceFailed: 'Não foi possível gerar o conteúdo didático. Tente novamente mais tarde.',
  /** The chat's own failure text, shown as the tutor's reply. */
  chatFailed: 'Desculpe, ocorreu um erro. Tente fazer sua pergunta novamente.',
  chatServiceFailed: 'Não foi possível obter a resposta da IA. Tente novamente mais tarde.',
  /** 402 limit/ai: the subscription screen's 'ai_limit' warning. */
  limitReached: SUBSCRIPTION_WARNINGS.ai_limit,
  checkFirst:
    'Confira o gabarito desta questão (Verificar Gabarito) antes de pedir ajuda à Inteligência Artificial.',
  subjectNotFound: 'Não há questões deste assunto nesta disciplina para basear o conteúdo.',
  chatEmpty: 'Escreva sua pergunta.',
  chatTooLong: (max: number) => `Sua pergunta pode ter no máximo ${max} caracteres.`,
  chatHistoryTooLong: 'A conversa ficou longa demais. Comece uma nova conversa.',
  /**
   * What changed in a question after a kept conversation about it (`date` as dd/mm/aaaa):
   * docs/product-rules.md, "The tutor after a change of key or comment".
   */
  basisChange: (change: { kind: string; from: string | null; to: string | null }, date: string) =>
    change.kind === 'comment'
      ? `Em ${date}, a equipe alterou o comentário desta questão.`
      : change.kind === 'annulment'
        ? `Em ${date}, a banca anulou esta questão.`
        : change.from === 'anulada'
          ? `Em ${date}, a anulação desta questão foi desfeita: o gabarito oficial é ${change.to}.`
          : `Em ${date}, o gabarito oficial desta questão mudou de ${change.from} para ${change.to}.`,
  writtenBeforeChange:
    'As mensagens acima foram escritas antes dessa mudança: o que disserem em contrário não vale mais.',
  freeReplyAfterChange: 'A próxima resposta já considera a mudança e não gasta seus tokens.',
  reanalyze: 'Reanalisar com IA',
  generateContent: 'Gerar conteúdo com IA',
  studyWithAi: 'Estudar com IA',
  /** The same actions without a language model: nothing says IA (docs/product-rules.md). */
  generateContentOffline: 'Gerar texto de estudo',
  studyOffline: 'Estudar este assunto',
  /** Quick follow-ups offered as buttons under the chat, after the questions about letters. */
  followUps: {
    otherWay: 'Explique de outro jeito',
    /** Only from a language model: the offline tutor invents no example. */
    example: 'Dê um exemplo',
    law: 'Qual a regra/lei envolvida?',
  },
  /** Why the student's choice is wrong, and why the key is right (never the key as wrong). */
  whyWrong: (letter: string) => `Por que a ${letter} está errada?`,
  whyKey: (letter: string) => `Por que a ${letter} está correta?`,
  /** The same about a true/false item's verdict. */
  whyVerdict: (verdict: 'Certo' | 'Errado') => `Por que o gabarito é ${verdict}?`,
  /**
   * Shown with every text of the offline tutor, which is not a language model and must never be
   * presented as AI.
   */
  offlineTutorNotice:
    'Tutor offline: este texto foi montado automaticamente a partir dos comentários e das notas de estudo da equipe do Gabarita, ou, onde ainda não há, do gabarito oficial, das alternativas e do texto de referência. Ele não é escrito por uma Inteligência Artificial (não é um modelo de linguagem).',
} as const;
