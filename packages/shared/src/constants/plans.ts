/** The product's plans, token package and Premium AI quota. Money in integer centavos. */

export interface PlanDefinition {
  id: string;
  name: string;
  /** Days of Premium access counted from the purchase. */
  days: number;
  priceCentavos: number;
  /** The crossed-out price shown next to the current one. */
  oldPriceCentavos: number;
}

/** The seven time plans, shortest first. */
export const PLANS = [
  { id: 'diario', name: 'Diário', days: 1, priceCentavos: 190, oldPriceCentavos: 290 },
  { id: 'semanal', name: 'Semanal', days: 7, priceCentavos: 1290, oldPriceCentavos: 1990 },
  { id: 'quinzenal', name: 'Quinzenal', days: 15, priceCentavos: 1990, oldPriceCentavos: 2990 },
  { id: 'mensal', name: 'Mensal', days: 30, priceCentavos: 3490, oldPriceCentavos: 5290 },
  { id: 'trimestral', name: 'Trimestral', days: 90, priceCentavos: 9490, oldPriceCentavos: 14290 },
  { id: 'semestral', name: 'Semestral', days: 180, priceCentavos: 17990, oldPriceCentavos: 26990 },
  { id: 'anual', name: 'Anual', days: 360, priceCentavos: 32990, oldPriceCentavos: 49590 },
] as const satisfies readonly PlanDefinition[];

export type PlanId = (typeof PLANS)[number]['id'];

/** The extra token package 'Essencial' (package_1): its tokens never expire. */
export const TOKEN_PACKAGE = {
  id: 'package_1',
  name: 'Essencial',
  priceCentavos: 190,
  oldPriceCentavos: 290,
  inputTokens: 80_000,
  outputTokens: 40_000,
} as const;

/** Premium AI quota per São Paulo calendar day; it renews the next day. */
export const PREMIUM_DAILY_INPUT_TOKENS = 80_000;
export const PREMIUM_DAILY_OUTPUT_TOKENS = 40_000;

/** A PIX code must be paid within this many minutes (the payment countdown starts at 05:00). */
export const PIX_CODE_VALIDITY_MINUTES = 5;
