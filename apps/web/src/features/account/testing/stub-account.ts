import type { ConsentsResponse, DataExportsResponse, MeResponse } from '@gabarita/shared';
import { ME_RESPONSE, SIGNED_IN_USER, stubApi, type ApiRoutes } from '@/test/render-app';

export const NO_CONSENTS: ConsentsResponse = { records: [], pending: [] };
export const NO_EXPORTS: DataExportsResponse = { items: [] };

/** The API behind /conta for `me`, every section answering empty unless `routes` says otherwise. */
export function stubAccount(me: MeResponse = ME_RESPONSE, routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: { ...SIGNED_IN_USER, provider: me.provider, email: me.email } },
    'GET /me': me,
    'GET /me/purchases': { plans: [], packages: [], pending: [] },
    'GET /me/error-reports': { reports: [] },
    'GET /me/consents': NO_CONSENTS,
    'GET /me/data-exports': NO_EXPORTS,
    'GET /me/review/settings': { desiredRetention: 0.9 },
    ...routes,
  });
}

export const GOOGLE_ME: MeResponse = { ...ME_RESPONSE, provider: 'google' };
