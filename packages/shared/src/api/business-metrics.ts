import { z } from 'zod/mini';

/** The operations console's numbers (docs/product-rules.md, "Operations console", "Numbers"). */
export const METRICS_DEFAULT_DAYS = 30;
export const METRICS_MAX_DAYS = 366;

/** The AI work whose cost is set against revenue: the users' features, then the team's own. */
export const METRICS_AI_FEATURES = ['feedback', 'chat', 'didactic', 'comment_drafts'] as const;
export type MetricsAiFeature = (typeof METRICS_AI_FEATURES)[number];
export const METRICS_AI_FEATURE_LABELS: Record<MetricsAiFeature, string> = {
  feedback: 'Explicações',
  chat: 'Chat',
  didactic: 'Conteúdo de estudo',
  comment_drafts: 'Rascunhos da equipe',
};

export const BUSINESS_METRICS_MESSAGES = {
  dateFormat: 'Informe a data no formato AAAA-MM-DD.',
  dateInvalid: 'Data inexistente.',
  rangeOrder: 'A data inicial deve ser anterior ou igual à data final.',
  rangeTooLong: `O período pode ter no máximo ${METRICS_MAX_DAYS} dias.`,
  loadFailed: 'Ocorreu um erro ao carregar os números.',
} as const;

const day = z.optional(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, BUSINESS_METRICS_MESSAGES.dateFormat)),
);

export const businessMetricsQuerySchema = z.object({ de: day, ate: day });
export type BusinessMetricsQuery = z.infer<typeof businessMetricsQuerySchema>;

const aiFigures = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Millionths of a US dollar. */
  costMicroUsd: z.number(),
});
export type AiFigures = z.infer<typeof aiFigures>;

export const metricsDaySchema = z.object({
  /** São Paulo calendar day, YYYY-MM-DD. */
  day: z.string(),
  /** Net: approved amounts of the day minus the refunds made that day (centavos). */
  revenueCentavos: z.number(),
  planCentavos: z.number(),
  packageCentavos: z.number(),
  refundsCentavos: z.number(),
  approved: z.number(),
  failed: z.number(),
  expired: z.number(),
  refunded: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  aiCostMicroUsd: z.number(),
  /** The AI cost converted at the configured rate (USD_BRL_RATE). */
  aiCostCentavos: z.number(),
  marginCentavos: z.number(),
  ai: z.record(z.enum(METRICS_AI_FEATURES), aiFigures),
});
export type MetricsDay = z.infer<typeof metricsDaySchema>;

export const metricsProductSchema = z.object({
  productType: z.enum(['plan', 'package']),
  productId: z.string(),
  productName: z.string(),
  approved: z.number(),
  grossCentavos: z.number(),
  refunded: z.number(),
  refundsCentavos: z.number(),
  netCentavos: z.number(),
});
export type MetricsProduct = z.infer<typeof metricsProductSchema>;

export const businessMetricsSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /** R$ per US$ used to convert the AI cost. */
  usdBrlRate: z.number(),
  summary: z.object({
    revenueCentavos: z.number(),
    grossCentavos: z.number(),
    refundsCentavos: z.number(),
    aiCostMicroUsd: z.number(),
    aiCostCentavos: z.number(),
    marginCentavos: z.number(),
    /** Accounts whose Premium covers today (São Paulo), whatever the period. */
    activePremium: z.number(),
    /** Customer accounts created in the period, and those of them that ever paid a purchase. */
    signups: z.number(),
    converted: z.number(),
    approved: z.number(),
    failed: z.number(),
    expired: z.number(),
    refunded: z.number(),
  }),
  days: z.array(metricsDaySchema),
  products: z.array(metricsProductSchema),
  features: z.record(z.enum(METRICS_AI_FEATURES), aiFigures),
});
export type BusinessMetrics = z.infer<typeof businessMetricsSchema>;
