import { AUTH_MESSAGES, emailRequestSchema, loginRequestSchema, PATHS } from '@gabarita/shared';
import { LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { firstErrorMessage, showSubmitError, useSchemaForm } from '@/lib/forms';
import { readLoginState } from '@/domain/session/login-state';
import type { PageDataRequest } from '@/lib/page-data';
import {
  login,
  requestPasswordReset,
  resendVerification,
  providersQueryOptions,
  useAuthProviders,
  useSignedIn,
} from '../api/auth-api';
import { useGoogleSignIn } from '../api/use-google-sign-in';
import { AuthHeading } from '../components/auth-heading';
import { GoogleIcon } from '../components/google-icon';

interface Message {
  tone: 'success' | 'error';
  text: string;
}

/** Messages handed over by other screens, in the query (e-mailed links, redirects) or the state. */
function arrivalMessage(params: URLSearchParams, state: unknown): Message | null {
  if (params.get('verificado') === '1')
    return { tone: 'success', text: AUTH_MESSAGES.verificationDone };
  if (params.get('verificado') === 'ja')
    return { tone: 'success', text: AUTH_MESSAGES.verificationAlreadyDone };
  if (params.get('verificacao') === 'erro')
    return { tone: 'error', text: AUTH_MESSAGES.verificationFailed };
  if (params.get('senha') === 'redefinida')
    return { tone: 'success', text: AUTH_MESSAGES.resetDone };
  if (params.get('google') === 'erro') return { tone: 'error', text: AUTH_MESSAGES.googleFailed };
  if (params.get('google') === 'bloqueada')
    return { tone: 'error', text: AUTH_MESSAGES.accountBlockedGeneric };
  const { notice } = readLoginState(state);
  return notice ? { tone: 'success', text: notice } : null;
}

type Busy = 'recovery' | 'resend' | null;

/** The sign-in methods, asked for before the first render: the Google button shows with the form. */
export function prefetchPageData({ queryClient, signedIn }: PageDataRequest) {
  return signedIn ? [] : [queryClient.prefetchQuery(providersQueryOptions)];
}

export default function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const providers = useAuthProviders();
  const google = useGoogleSignIn();
  const signedIn = useSignedIn();
  const messageId = useId();
  const form = useSchemaForm(loginRequestSchema, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [needsVerification, setNeedsVerification] = useState(false);
  // The message brought by the link stays until the user does something.
  const [arrivalDismissed, setArrivalDismissed] = useState(false);

  const arrival = arrivalDismissed ? null : arrivalMessage(searchParams, location.state);

  const startAction = () => {
    setArrivalDismissed(true);
    setNotice(null);
    form.clearErrors();
    google.dismissFailure();
  };

  const onSubmit = form.handleSubmit(
    async (credentials) => {
      setNeedsVerification(false);
      try {
        // The sign-in guard leaves /login as soon as the session holds the user.
        signedIn(await login(credentials));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'auth/email-not-verified') {
          setNeedsVerification(true);
        } else {
          showSubmitError(form, error, AUTH_MESSAGES.loginFailed);
        }
      }
    },
    () => setNeedsVerification(false),
  );

  /** 'Recuperar senha' needs only the e-mail, checked by the reset link's own rule. */
  const onRecover = async () => {
    startAction();
    setNeedsVerification(false);
    const parsed = emailRequestSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]!.message }, { shouldFocus: true });
      return;
    }
    setBusy('recovery');
    try {
      const sent = await requestPasswordReset(parsed.data.email);
      setNotice(AUTH_MESSAGES.resetLinkSent(sent.email));
    } catch (error) {
      showSubmitError(form, error, AUTH_MESSAGES.resetLinkFailed);
    } finally {
      setBusy(null);
    }
  };

  const onResend = async () => {
    startAction();
    setBusy('resend');
    try {
      await resendVerification(form.getValues());
      setNeedsVerification(false);
      setNotice(AUTH_MESSAGES.verificationSent);
    } catch (error) {
      showSubmitError(form, error, AUTH_MESSAGES.loginFailed);
    } finally {
      setBusy(null);
    }
  };

  const onGoogle = () => {
    startAction();
    setNeedsVerification(false);
    google.start();
  };

  const formError = firstErrorMessage(errors, ['email', 'password']);
  const shown: Message | null = google.failed
    ? { tone: 'error', text: google.blocked ?? AUTH_MESSAGES.googleFailed }
    : formError
      ? { tone: 'error', text: formError }
      : notice
        ? { tone: 'success', text: notice }
        : null;
  const fieldsDescribedBy = shown?.tone === 'error' ? messageId : undefined;
  const working = isSubmitting || busy !== null || google.pending;

  return (
    <>
      <AuthHeading title="Entrar" description="Acesse sua conta para continuar estudando." />

      {arrival && (
        <Notice tone={arrival.tone} className="mb-5">
          {arrival.text}
        </Notice>
      )}

      <form
        onSubmit={(event) => {
          startAction();
          void onSubmit(event);
        }}
        noValidate
        className="space-y-4"
      >
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          invalid={Boolean(errors.email)}
          describedBy={fieldsDescribedBy}
          {...form.register('email')}
        />
        <div>
          <PasswordField
            label="Senha"
            autoComplete="current-password"
            required
            invalid={Boolean(errors.password)}
            describedBy={fieldsDescribedBy}
            {...form.register('password')}
          />
          <div className="mt-1.5 flex justify-end">
            <button
              type="button"
              onClick={() => void onRecover()}
              disabled={working}
              className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-primary-ink hover:underline disabled:opacity-60"
            >
              {busy === 'recovery' && <Spinner className="size-4" inheritColor />}
              Recuperar senha
            </button>
          </div>
        </div>

        {needsVerification && (
          <Notice tone="info" role="alert">
            <p className="font-medium">{AUTH_MESSAGES.emailNotVerifiedHint}</p>
            <Button
              size="sm"
              variant="secondary"
              className="mt-2.5 w-full sm:w-auto"
              onClick={() => void onResend()}
              disabled={working}
              busy={busy === 'resend'}
            >
              Reenviar e-mail de verificação
            </Button>
          </Notice>
        )}

        {shown && (
          <Notice id={messageId} tone={shown.tone}>
            {shown.text}
          </Notice>
        )}

        <Button
          type="submit"
          size="md"
          className="w-full"
          disabled={working}
          busy={isSubmitting}
          icon={LogIn}
        >
          Entrar
        </Button>
      </form>

      {providers.data?.google && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-ink-muted">
            <span className="h-px flex-1 bg-line" aria-hidden="true" />
            ou
            <span className="h-px flex-1 bg-line" aria-hidden="true" />
          </div>
          <Button
            variant="secondary"
            size="md"
            className="w-full"
            onClick={onGoogle}
            disabled={working}
          >
            {google.pending ? <Spinner className="size-4" /> : <GoogleIcon />}
            Entrar com Google
          </Button>
        </>
      )}

      <p className="mt-8 border-t border-line pt-6 text-center text-sm text-ink-muted">
        Ainda não tem conta?{' '}
        <Link
          to={PATHS.signup.path}
          className="rounded font-semibold text-primary-ink hover:underline"
        >
          Criar conta
        </Link>
      </p>
    </>
  );
}
