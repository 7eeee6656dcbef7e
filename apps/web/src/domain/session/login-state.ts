/** Where a visitor was going before being sent to /login. */
export interface LoginFrom {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Navigation state /login understands: `from` (set by the session guard) is where signing in
 * returns to; `notice` is a success message to show on arrival (e.g. after signing out).
 */
export interface LoginRedirectState {
  from?: LoginFrom;
  notice?: string;
}

function isLoginFrom(value: unknown): value is LoginFrom {
  if (typeof value !== 'object' || value === null) return false;
  const { pathname, search, hash } = value as Record<string, unknown>;
  return (
    typeof pathname === 'string' &&
    // Only paths of this app: never an absolute or protocol-relative address.
    pathname.startsWith('/') &&
    !pathname.startsWith('//') &&
    typeof search === 'string' &&
    typeof hash === 'string'
  );
}

/** Reads the state handed to /login, ignoring anything that does not have the expected shape. */
export function readLoginState(state: unknown): LoginRedirectState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, notice } = state as Record<string, unknown>;
  return {
    from: isLoginFrom(from) ? from : undefined,
    notice: typeof notice === 'string' ? notice : undefined,
  };
}

/** Where to go once signed in: back to where the visitor was going, or home. */
export function loginRedirectTarget(state: unknown): LoginFrom | string {
  return readLoginState(state).from ?? '/';
}
