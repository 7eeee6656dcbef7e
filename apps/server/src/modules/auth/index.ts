// The public face of the auth module: what other modules, app.ts and the CLI may use.
export { issueActionCode, useActionCode } from './action-codes';
export { authRoutes } from './auth.routes';
export {
  type AuthService,
  createAuthService,
  type ResolvedSession,
  toSessionUser,
} from './auth.service';
export { googleRoutes } from './google.routes';
export { createGoogleSignIn } from './google.service';
export { createSessionCache } from './session-cache';
export { registerSessionResolution } from './session.plugin';
export { authPersonalData } from './personal-data';
export { authModule } from './auth.plugin';
