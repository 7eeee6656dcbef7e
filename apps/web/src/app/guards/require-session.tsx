import { CloudOff } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { StatusScreen } from '../../components/ui/status-screen';
import { useSession } from '../../features/auth/api/session';

/** Navigation state handed to /login so that signing in can return to the page the visitor wanted. */
export interface LoginRedirectState {
  from: { pathname: string; search: string; hash: string };
}

/** The signed-in area: waits for the session, sends visitors to /login, renders the page for users. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.data === undefined) {
    if (!session.isError) return <LoadingScreen />;
    return (
      <StatusScreen
        icon={CloudOff}
        title="Não foi possível verificar sua sessão"
        description={session.error.message}
        action={
          <Button onClick={() => void session.refetch()} disabled={session.isFetching}>
            Tentar novamente
          </Button>
        }
      />
    );
  }

  if (!session.data.user) {
    const { pathname, search, hash } = location;
    const state: LoginRedirectState = { from: { pathname, search, hash } };
    return <Navigate to="/login" replace state={state} />;
  }

  return <Outlet />;
}
