import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleProfile {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

/**
 * A real OpenID Connect issuer on loopback. The claims of each ID token come from `nextProfile`, or
 * from `profileSource` when given (for callers in another process), as if that person had chosen
 * their Google account.
 */
export async function startMockIssuer(
  options: { profileSource?: () => GoogleProfile | undefined } = {},
) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let profile: GoogleProfile = {
    sub: 'google-sub-1',
    email: 'pessoa@gmail.com',
    name: 'Pessoa Google',
  };
  server.service.on('beforeTokenSigning', (token) => {
    // Only the ID token carries an audience.
    if (!token.payload.aud) return;
    Object.assign(token.payload, options.profileSource?.() ?? profile, { email_verified: true });
  });
  return {
    url: server.issuer.url!,
    nextProfile(next: GoogleProfile) {
      profile = next;
    },
    stop: () => server.stop(),
  };
}

export type MockIssuer = Awaited<ReturnType<typeof startMockIssuer>>;
