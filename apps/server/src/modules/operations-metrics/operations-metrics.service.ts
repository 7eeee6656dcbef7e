import {
  type AiFigures,
  BUSINESS_METRICS_MESSAGES,
  type BusinessMetrics,
  type BusinessMetricsQuery,
  METRICS_AI_FEATURES,
  METRICS_DEFAULT_DAYS,
  METRICS_MAX_DAYS,
  type MetricsAiFeature,
  type MetricsDay,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { addDays, daysBetween, saoPauloDay } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { accountFigures, aiDays, productTotals, purchaseDays } from './operations-metrics.repo';

export type OperationsMetricsService = ReturnType<typeof createOperationsMetricsService>;

const invalid = (field: 'de' | 'ate', message: string) =>
  new AppError('request/invalid', 400, message, { [field]: message });

const isRealDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** The period asked for: by default the last 30 São Paulo days up to today, at most 366 days. */
export function metricsPeriod(query: BusinessMetricsQuery, today: string) {
  for (const field of ['de', 'ate'] as const) {
    const value = query[field];
    if (value !== undefined && !isRealDay(value)) {
      throw invalid(field, BUSINESS_METRICS_MESSAGES.dateInvalid);
    }
  }
  const ate =
    query.ate ?? (query.de ? minDay(addDays(query.de, METRICS_DEFAULT_DAYS - 1), today) : today);
  const de = query.de ?? addDays(ate, -(METRICS_DEFAULT_DAYS - 1));
  if (de > ate) throw invalid('de', BUSINESS_METRICS_MESSAGES.rangeOrder);
  if (daysBetween(de, ate) + 1 > METRICS_MAX_DAYS) {
    throw invalid('ate', BUSINESS_METRICS_MESSAGES.rangeTooLong);
  }
  return { de, ate };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

const zeroFigures = (): AiFigures => ({ inputTokens: 0, outputTokens: 0, costMicroUsd: 0 });
const allFeatures = () =>
  Object.fromEntries(METRICS_AI_FEATURES.map((f) => [f, zeroFigures()])) as Record<
    MetricsAiFeature,
    AiFigures
  >;

/** The business's numbers for the operations console; admins only (revenue is the business's). */
export function createOperationsMetricsService(deps: {
  db: Database;
  usdBrlRate: number;
  now?: () => Date;
}) {
  const { db, usdBrlRate } = deps;
  // US$ millionths → centavos: × rate (R$/US$) × 100 centavos / 1,000,000.
  const toCentavos = (microUsd: number) => Math.round((microUsd * usdBrlRate) / 10_000);

  return {
    async metrics(query: BusinessMetricsQuery): Promise<BusinessMetrics> {
      const today = saoPauloDay(deps.now?.() ?? new Date());
      const { de, ate } = metricsPeriod(query, today);
      const purchaseRows = await purchaseDays(db, de, ate);
      const aiRows = await aiDays(db, de, ate);
      const productRows = await productTotals(db, de, ate);
      const accounts = await accountFigures(db, de, ate, today);

      const aiByDay = new Map<string, Record<MetricsAiFeature, AiFigures>>();
      const features = allFeatures();
      for (const row of aiRows) {
        const feature = row.feature as MetricsAiFeature;
        if (!METRICS_AI_FEATURES.includes(feature)) continue;
        const perDay = aiByDay.get(row.day) ?? allFeatures();
        aiByDay.set(row.day, perDay);
        for (const figures of [perDay[feature], features[feature]]) {
          figures.inputTokens += row.input_tokens;
          figures.outputTokens += row.output_tokens;
          figures.costMicroUsd += row.cost_micro_usd;
        }
      }

      const days: MetricsDay[] = purchaseRows.map((row) => {
        const ai = aiByDay.get(row.day) ?? allFeatures();
        const spent = Object.values(ai);
        const aiCostMicroUsd = spent.reduce((sum, f) => sum + f.costMicroUsd, 0);
        const revenueCentavos = row.gross - row.refunds;
        const aiCostCentavos = toCentavos(aiCostMicroUsd);
        return {
          day: row.day,
          revenueCentavos,
          planCentavos: row.plan,
          packageCentavos: row.package,
          refundsCentavos: row.refunds,
          approved: row.approved,
          failed: row.failed,
          expired: row.expired,
          refunded: row.refunded,
          inputTokens: spent.reduce((sum, f) => sum + f.inputTokens, 0),
          outputTokens: spent.reduce((sum, f) => sum + f.outputTokens, 0),
          aiCostMicroUsd,
          aiCostCentavos,
          marginCentavos: revenueCentavos - aiCostCentavos,
          ai,
        };
      });

      const total = (pick: (day: (typeof purchaseRows)[number]) => number) =>
        purchaseRows.reduce((sum, row) => sum + pick(row), 0);
      const grossCentavos = total((row) => row.gross);
      const refundsCentavos = total((row) => row.refunds);
      const revenueCentavos = grossCentavos - refundsCentavos;
      const aiCostMicroUsd = days.reduce((sum, day) => sum + day.aiCostMicroUsd, 0);
      const aiCostCentavos = toCentavos(aiCostMicroUsd);

      return {
        de,
        ate,
        usdBrlRate,
        summary: {
          revenueCentavos,
          grossCentavos,
          refundsCentavos,
          aiCostMicroUsd,
          aiCostCentavos,
          marginCentavos: revenueCentavos - aiCostCentavos,
          activePremium: accounts.active_premium,
          signups: accounts.signups,
          converted: accounts.converted,
          approved: total((row) => row.approved),
          failed: total((row) => row.failed),
          expired: total((row) => row.expired),
          refunded: total((row) => row.refunded),
        },
        days,
        products: productRows.map((row) => ({
          productType: row.product_type,
          productId: row.product_id,
          productName: row.product_name,
          approved: row.approved,
          grossCentavos: row.gross,
          refunded: row.refunded,
          refundsCentavos: row.refunds,
          netCentavos: row.gross - row.refunds,
        })),
        features,
      };
    },
  };
}
