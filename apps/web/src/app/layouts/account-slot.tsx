import { SESSION_MESSAGES, type SessionUser, PATHS } from '@gabarita/shared';
import { ChevronDown, LogIn } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { logout, useSession, useSignOut } from '@/domain/session/session';

// The panel and its form library are not needed to draw any page: they load when the account
// button is first pointed at, focused or opened.
const loadProfilePanel = () => import('@/features/account/components/profile-panel');
const ProfilePanel = lazy(async () => ({ default: (await loadProfilePanel()).ProfilePanel }));

function ProfileMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const signOutWith = useSignOut();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    // Non-modal popover: focus moves in, Escape returns it to the trigger, a click outside closes.
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const signOut = () => signOutWith(logout, SESSION_MESSAGES.signedOut);

  return (
    <div className="relative">
      <Button
        ref={triggerRef}
        variant="secondary"
        size="sm"
        className="pl-1.5"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onPointerEnter={() => void loadProfilePanel()}
        onFocus={() => void loadProfilePanel()}
      >
        <Avatar name={user.name} photoUrl={user.photoUrl} />
        Conta
        <ChevronDown
          className={`size-4 text-ink-muted transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </Button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="absolute right-0 top-full z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] origin-top-right overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-slate-900/10 focus-visible:outline-none dark:shadow-black/50"
        >
          <Suspense
            fallback={
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            }
          >
            <ProfilePanel
              user={user}
              headingId={headingId}
              onNavigate={close}
              onSignOut={signOut}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** Header slot: 'Entrar' for visitors, the account button and its profile panel for users. */
export function AccountSlot() {
  const session = useSession();

  // Reserve the space so the header does not jump when the session arrives.
  if (session.isPending) return <span className="h-9 w-24" aria-hidden="true" />;

  const user = session.data?.user;
  if (!user) {
    return (
      <Link to={PATHS.login.path} className={buttonClasses({ size: 'sm' })}>
        <LogIn className="size-4" aria-hidden="true" />
        Entrar
      </Link>
    );
  }

  return <ProfileMenu user={user} />;
}
