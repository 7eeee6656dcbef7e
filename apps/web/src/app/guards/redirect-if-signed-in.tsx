import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { loginRedirectTarget } from '@/domain/session/login-state';
import { endSignOut, useSession } from '@/domain/session/session';

/**
 * For /login and /signup: a signed-in user has nothing to do there. This is also how signing in
 * leaves /login: once the session holds the user, go back to where the visitor was going.
 */
export function RedirectIfSignedIn() {
  const session = useSession();
  const location = useLocation();
  const visitor = session.data !== undefined && !session.data.user;

  // Arriving here as a visitor completes a sign-out (see beginSignOut).
  useEffect(() => {
    if (visitor) endSignOut();
  }, [visitor]);

  if (session.isPending) return <LoadingScreen />;
  // If the session cannot be checked, the visitor may still try to sign in.
  if (session.data?.user) return <Navigate to={loginRedirectTarget(location.state)} replace />;
  return <Outlet />;
}
