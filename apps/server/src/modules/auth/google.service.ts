import * as oidc from 'openid-client';
import { AUTH_MESSAGES } from '@gabarita/shared';
import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { hashToken } from '@/lib/tokens';
import {
  findUserByGoogleSubject,
  insertOauthState,
  insertUser,
  replaceUserEmail,
  takeOauthState,
} from './auth.repo';
import type { AuthService } from './auth.service';

export type GoogleMode = 'popup' | 'redirect';

const STATE_TTL_MS = 10 * 60 * 1000;

export class GoogleSignInError extends Error {}

/** The account exists but the team blocked it; `message` is the user-facing text. */
export class GoogleAccountBlockedError extends GoogleSignInError {}

/**
 * Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce. The issuer is
 * configurable, so tests run the same flow against a mock issuer on loopback.
 */
export function createGoogleSignIn(
  google: NonNullable<AppConfig['google']>,
  appUrl: string,
  db: Database,
  auth: AuthService,
) {
  const redirectUri = `${appUrl}/api/auth/google/callback`;
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(google.issuer);
    configuration ??= oidc
      .discovery(
        issuer,
        google.clientId,
        google.clientSecret,
        undefined,
        // Plain HTTP is only ever a local issuer (development and tests).
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined; // try again on the next sign-in
        throw error;
      });
    return configuration;
  }

  return {
    /** Where to send the browser, and the state to bind to it in a cookie. */
    async start(mode: GoogleMode): Promise<{ url: string; state: string }> {
      const config = await discover();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await insertOauthState(db, {
        stateHash: hashToken(state),
        codeVerifier,
        nonce,
        mode,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url: url.href, state };
    },

    /** Completes the flow for the callback URL; `boundState` is the state from this browser's cookie. */
    async finish(callbackUrl: URL, boundState: string | undefined) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || state !== boundState) throw new GoogleSignInError('state mismatch');
      const pending = await takeOauthState(db, hashToken(state));
      if (!pending) throw new GoogleSignInError('unknown or expired state');

      const tokens = await oidc.authorizationCodeGrant(await discover(), callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub || typeof claims.email !== 'string') {
        throw new GoogleSignInError('id token without subject or e-mail');
      }
      const user = await upsertGoogleUser(db, {
        subject: claims.sub,
        email: claims.email.trim().toLowerCase(),
        name: typeof claims.name === 'string' ? claims.name.trim() : '',
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      });
      if (user.blockedAt) {
        throw new GoogleAccountBlockedError(AUTH_MESSAGES.accountBlocked(user.blockedReason ?? ''));
      }
      return auth.issueSession(user.id);
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

/**
 * New Google user: a free account. Known user: the e-mail is refreshed, name and picture only
 * filled in when missing; the plan is never touched.
 */
async function upsertGoogleUser(
  db: Database,
  profile: { subject: string; email: string; name: string; picture: string | null },
): Promise<UserRow> {
  const existing = await findUserByGoogleSubject(db, profile.subject);
  if (!existing) {
    return insertUser(db, {
      provider: 'google',
      googleSubject: profile.subject,
      email: profile.email,
      name: profile.name || profile.email.split('@')[0]!,
      externalPhotoUrl: profile.picture,
      emailVerifiedAt: new Date(),
    });
  }
  // Google's address may have changed: the one it replaces is kept for the account's deletion.
  const updated = await inTransaction(db, (tx) =>
    replaceUserEmail(tx, existing.id, profile.email, {
      name: existing.name || profile.name || existing.name,
      externalPhotoUrl: existing.externalPhotoUrl ?? profile.picture,
    }),
  );
  return updated ?? existing;
}
