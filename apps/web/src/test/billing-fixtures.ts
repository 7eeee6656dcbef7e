import { PLANS, TOKEN_PACKAGE, durationLabel, type PlansResponse } from '@gabarita/shared';

/** GET /plans as the server answers it, for a free account without a package. */
export function plansResponse(
  current: Partial<NonNullable<PlansResponse['current']>> = {},
): PlansResponse {
  return {
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      days: plan.days,
      durationLabel: durationLabel(plan.days),
      priceCentavos: plan.priceCentavos,
      oldPriceCentavos: plan.oldPriceCentavos,
    })),
    package: {
      id: TOKEN_PACKAGE.id,
      name: TOKEN_PACKAGE.name,
      priceCentavos: TOKEN_PACKAGE.priceCentavos,
      oldPriceCentavos: TOKEN_PACKAGE.oldPriceCentavos,
      inputTokens: TOKEN_PACKAGE.inputTokens,
      outputTokens: TOKEN_PACKAGE.outputTokens,
    },
    pixValidityMinutes: 5,
    current: {
      accountType: 'free',
      plan: { startedAt: null, endsOn: null, endsAt: null, daysRemaining: null },
      packageBalance: { input: 0, output: 0 },
      ...current,
    },
  };
}
