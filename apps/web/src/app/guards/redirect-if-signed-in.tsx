import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../features/auth/api/session';

/** For /login and /signup: a signed-in user has nothing to do there. */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  // If the session cannot be checked, the visitor may still try to sign in.
  if (session.data?.user) return <Navigate to="/" replace />;
  return <Outlet />;
}
