import { CircleUserRound, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useSession } from '../../features/auth/api/session';

/** Header slot: 'Entrar' for visitors, the account entry for users (later the profile panel trigger). */
export function AccountSlot() {
  const session = useSession();

  // Reserve the space so the header does not jump when the session arrives.
  if (session.isPending) return <span className="h-9 w-24" aria-hidden="true" />;

  const user = session.data?.user;
  if (!user) {
    return (
      <Link to="/login" className={buttonClasses({ size: 'sm' })}>
        <LogIn className="size-4" aria-hidden="true" />
        Entrar
      </Link>
    );
  }

  return (
    <Link to="/conta" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      {user.photoUrl ? (
        <img src={user.photoUrl} alt="" className="size-6 rounded-full object-cover" />
      ) : (
        <CircleUserRound className="size-5" aria-hidden="true" />
      )}
      Conta
    </Link>
  );
}
