import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Pending OpenID Connect sign-ins (state, nonce and PKCE verifier), kept for a few minutes. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  mode: text('mode', { enum: ['popup', 'redirect'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
