import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleProfile {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

/**
 * A real OpenID Connect issuer on loopback. `nextProfile` sets the claims of the next ID token,
 * as if that person had chosen their Google account.
 */
export async function startMockIssuer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let profile: GoogleProfile = {
    sub: 'google-sub-1',
    email: 'pessoa@gmail.com',
    name: 'Pessoa Google',
  };
  server.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud) Object.assign(token.payload, profile, { email_verified: true });
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
