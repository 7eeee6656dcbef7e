/** Query keys shared by several features (each feature keeps its own keys otherwise). */
export const QUERY_KEYS = {
  /** GET /auth/session: who is signed in. */
  session: ['auth', 'session'],
  /** GET /me: the signed-in user's profile and plan. */
  me: ['me'],
} as const;
