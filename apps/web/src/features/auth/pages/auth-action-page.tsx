import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_MESSAGES, PATHS } from '@gabarita/shared';
import { ArrowRight, MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useSession } from '@/domain/session/session';
import { confirmEmailChange, verifyEmail } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

/** A code of an e-mailed link works once: asked once per code, never retried nor refetched. */
const ONCE = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

function VerifyEmail({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  // A verification code works once. As a query keyed by the code, the call is made once even
  // when StrictMode runs effects twice, and it is not retried.
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', oobCode] as const,
    queryFn: () => verifyEmail(oobCode),
    ...ONCE,
  });

  useEffect(() => {
    if (verification.isSuccess) {
      const arrival = verification.data.alreadyVerified ? 'ja' : '1';
      void navigate(`${PATHS.login.path}?verificado=${arrival}`, { replace: true });
    }
    if (verification.isError)
      void navigate(`${PATHS.login.path}?verificacao=erro`, { replace: true });
  }, [verification.isSuccess, verification.isError, verification.data, navigate]);

  return (
    <>
      <AuthHeading title="Confirmação de e-mail" />
      <div role="status" className="flex items-center gap-3 py-4 text-sm text-ink-muted">
        <Spinner className="size-5" />
        Confirmando seu e-mail...
      </div>
    </>
  );
}

/** Where to go next: the account for whoever is signed in here, the sign-in otherwise. */
function NextStep() {
  const signedIn = Boolean(useSession().data?.user);
  return (
    <Link
      to={signedIn ? PATHS.account.path : PATHS.login.path}
      className={buttonClasses({ size: 'md', className: 'mt-7 w-full' })}
    >
      {signedIn ? 'Ir para Minha Conta' : 'Entrar'}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

/** The link sent to a new address: the change happens here, and the page says how it went. */
function ChangeEmail({ oobCode }: { oobCode: string }) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const change = useQuery({
    queryKey: ['auth', 'change-email', oobCode] as const,
    queryFn: () => confirmEmailChange(oobCode),
    ...ONCE,
  });
  const settled = change.isSuccess || change.isError;

  useEffect(() => {
    if (!settled) return;
    // The spinner that was announced is gone: move focus to the outcome.
    headingRef.current?.focus();
    // Whoever is signed in here may be the account that changed: the header and /conta show it.
    if (change.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.session });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.me });
    }
  }, [settled, change.isSuccess, queryClient]);

  if (!settled) {
    return (
      <>
        <AuthHeading title="Alteração de e-mail" />
        <div role="status" className="flex items-center gap-3 py-4 text-sm text-ink-muted">
          <Spinner className="size-5" />
          Confirmando seu novo e-mail...
        </div>
      </>
    );
  }

  const failed = change.isError;
  const message = failed
    ? change.error instanceof ApiError
      ? change.error.message
      : PRIVACY_MESSAGES.emailChangeInvalid
    : change.data.alreadyConfirmed
      ? PRIVACY_MESSAGES.emailChangeAlreadyDone(change.data.email)
      : PRIVACY_MESSAGES.emailChangeDone(change.data.email);
  const Icon = failed ? MailX : MailCheck;

  return (
    <div className="text-center">
      <span
        className={`mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl ${
          failed
            ? 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300'
            : 'bg-primary-soft text-primary-ink'
        }`}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight text-ink focus-visible:outline-none"
      >
        {failed
          ? 'Não foi possível alterar o e-mail'
          : change.data.alreadyConfirmed
            ? PRIVACY_MESSAGES.emailChangeAlreadyDoneTitle
            : 'E-mail alterado'}
      </h1>
      <p
        role={failed ? 'alert' : 'status'}
        className="mt-3 text-sm leading-6 [overflow-wrap:anywhere] text-ink-muted"
      >
        {message}
      </p>
      <NextStep />
    </div>
  );
}

/** The spelling of the e-mailed password reset links, kept when a link comes through here. */
const EMAILED_RECOVERY_PATH = PATHS.recovery.aliases[0];

/** Handles the links e-mailed to users (query: mode and oobCode). */
export default function AuthActionPage() {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode');

  if (!mode || !oobCode) return <Navigate to={PATHS.login.path} replace />;
  if (mode === 'resetPassword') {
    const query = new URLSearchParams({ oobCode }).toString();
    return <Navigate to={`${EMAILED_RECOVERY_PATH}?${query}`} replace />;
  }
  if (mode === 'verifyEmail') return <VerifyEmail key={oobCode} oobCode={oobCode} />;
  if (mode === 'changeEmail') return <ChangeEmail key={oobCode} oobCode={oobCode} />;
  return <Navigate to={PATHS.login.path} replace />;
}
