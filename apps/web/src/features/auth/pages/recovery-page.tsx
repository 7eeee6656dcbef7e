import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, resetPasswordFormSchema, PATHS } from '@gabarita/shared';
import { CircleCheck, KeyRound, LinkIcon, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { firstErrorMessage, showSubmitError, useSchemaForm } from '@/lib/forms';
import { RESET_REDIRECT_MS } from '@/lib/timings';
import { checkResetCode, confirmPasswordReset } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

const LOGIN_AFTER_RESET = `${PATHS.login.path}?senha=redefinida`;
const TITLE = 'Redefinir senha';

/** Invalid or expired codes come with the spec's message; anything else is "could not check". */
function checkErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return errorMessage(error, AUTH_MESSAGES.resetCheckFailed);
  }
  return AUTH_MESSAGES.resetCheckFailed;
}

function StateCard({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'error';
  children: ReactNode;
}) {
  const iconClasses =
    tone === 'success'
      ? 'bg-primary-soft text-primary-ink'
      : 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300';
  return (
    <div className="text-center">
      <span
        className={`mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl ${iconClasses}`}
      >
        {icon}
      </span>
      {children}
    </div>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <StateCard tone="error" icon={<TriangleAlert className="size-7" aria-hidden="true" />}>
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{TITLE}</h1>
      {/* The product's text for an invalid link starts in lower case; a sentence on screen does not. */}
      <p role="alert" className="mt-3 text-sm leading-6 text-ink-muted first-letter:uppercase">
        {message}
      </p>
      <Link
        to={PATHS.login.path}
        className={buttonClasses({ size: 'md', className: 'mt-7 w-full' })}
      >
        <LinkIcon className="size-4" aria-hidden="true" />
        Solicitar novo link
      </Link>
    </StateCard>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(LOGIN_AFTER_RESET, { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <StateCard tone="success" icon={<CircleCheck className="size-7" aria-hidden="true" />}>
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{TITLE}</h1>
      <div role="status" className="mt-3 text-sm leading-6">
        <p className="font-semibold text-ink">{AUTH_MESSAGES.resetDone}</p>
        <p className="mt-1 text-ink-muted">Você será redirecionado para o login em 5 segundos.</p>
      </div>
      <Link
        to={LOGIN_AFTER_RESET}
        replace
        className={buttonClasses({ size: 'md', className: 'mt-7 w-full' })}
      >
        Ir para o login agora
      </Link>
    </StateCard>
  );
}

function NewPasswordForm({ oobCode, email }: { oobCode: string; email: string }) {
  const errorId = useId();
  const [done, setDone] = useState(false);
  const form = useSchemaForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors, isSubmitting: busy } = form.formState;

  if (done) return <ResetDone />;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await confirmPasswordReset({ oobCode, newPassword: password });
      setDone(true);
    } catch (caught) {
      showSubmitError(form, caught, AUTH_MESSAGES.resetConfirmFailed);
    }
  });

  const error = firstErrorMessage(errors, ['confirmation', 'password']);
  return (
    <>
      <AuthHeading
        title={TITLE}
        description={
          <>
            Crie uma nova senha para a conta{' '}
            <strong className="[overflow-wrap:anywhere] font-semibold text-ink">{email}</strong>.
          </>
        }
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            placeholder="Mínimo 6 caracteres"
            required
            invalid={error !== null}
            errorId={errorId}
            {...form.register('password')}
          />
          <PasswordField
            label="Confirmar nova senha"
            autoComplete="new-password"
            required
            invalid={error !== null}
            errorId={errorId}
            {...form.register('confirmation')}
          />
        </fieldset>
        {error && (
          <Notice id={errorId} tone="error">
            {error}
          </Notice>
        )}
        <Button type="submit" size="md" className="w-full" busy={busy} icon={KeyRound}>
          Redefinir senha
        </Button>
      </form>
    </>
  );
}

function RecoveryWithCode({ oobCode }: { oobCode: string }) {
  // Checking does not use the code up, so it can be a cached query (also safe under StrictMode).
  const check = useQuery({
    queryKey: ['auth', 'check-reset', oobCode] as const,
    queryFn: ({ signal }) => checkResetCode(oobCode, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (check.isPending) {
    return (
      <>
        <AuthHeading title={TITLE} />
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-ink-muted">
          <Spinner className="size-5" />
          Verificando o link de recuperação...
        </div>
      </>
    );
  }
  if (check.isError) return <InvalidLink message={checkErrorMessage(check.error)} />;
  return <NewPasswordForm oobCode={oobCode} email={check.data.email} />;
}

export default function RecoveryPage() {
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode');
  if (!oobCode) return <InvalidLink message={AUTH_MESSAGES.resetCodeMissing} />;
  return <RecoveryWithCode key={oobCode} oobCode={oobCode} />;
}
