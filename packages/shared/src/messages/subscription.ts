/** Warnings of the subscription screen, by the reason a free account was sent there (the product's wording). */
export const SUBSCRIPTION_WARNINGS = {
  ai_limit:
    'Seu limite de uso da Inteligência Artificial foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
  question_limit:
    'Seu limite de questões foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
} as const;

/** The 'ai_limit' warning without a language model: nothing says IA (docs/product-rules.md). */
export const OFFLINE_AI_LIMIT_WARNING =
  'Seu limite de uso do tutor foi atingido! Assine o Premium ou contrate um pacote de Tokens.';

export type SubscriptionReason = keyof typeof SUBSCRIPTION_WARNINGS;
