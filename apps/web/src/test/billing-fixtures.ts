import { packageOffer, planOffers, type PlansResponse } from '@gabarita/shared';

/** GET /plans as the server answers it, for a free account without a package. */
export function plansResponse(
  current: Partial<NonNullable<PlansResponse['current']>> = {},
): PlansResponse {
  return {
    plans: planOffers(),
    package: packageOffer(),
    pixValidityMinutes: 5,
    current: {
      accountType: 'free',
      plan: { startedAt: null, endsOn: null, endsAt: null, daysRemaining: null },
      packageBalance: { input: 0, output: 0 },
      ...current,
    },
  };
}
