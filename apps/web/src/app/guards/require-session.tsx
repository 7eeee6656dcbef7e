import { SESSION_MESSAGES, PATHS } from '@gabarita/shared';
import { CloudOff } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { StatusScreen } from '@/components/ui/status-screen';
import type { LoginRedirectState } from '@/domain/session/login-state';
import { isSigningOut, logout, useSession, useSignOut } from '@/domain/session/session';
import { ConsentGate } from '@/features/legal/components/consent-gate';

export type { LoginRedirectState } from '@/domain/session/login-state';

/**
 * The signed-in area: waits for the session, sends visitors to /login, renders the page for users,
 * with the consent gate over it (the open pages, /termos and /politicas among them, stay outside).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const signOutWith = useSignOut();

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
    // Signing out already navigates to /login (with its own message): let that navigation win.
    if (isSigningOut()) return <LoadingScreen />;
    const { pathname, search, hash } = location;
    const state: LoginRedirectState = { from: { pathname, search, hash } };
    return <Navigate to={PATHS.login.path} replace state={state} />;
  }

  return (
    <>
      <Outlet />
      <ConsentGate onSignOut={() => signOutWith(logout, SESSION_MESSAGES.signedOut)} />
    </>
  );
}
