import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@gabarita/shared';
import { ArrowLeft, MailCheck, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { signup } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

/** Checks the spec asks for, in its order: matching passwords first, then the length. */
function validatePasswords(password: string, confirmation: string): string | null {
  if (password !== confirmation) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

function SignupSent({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was on is gone: move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div role="status" className="text-center">
      <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-ink">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight text-ink focus-visible:outline-none"
      >
        Confirme seu e-mail
      </h1>
      <p className="mt-3 text-sm leading-6 text-ink-muted">
        Enviamos um link de verificação para{' '}
        <strong className="[overflow-wrap:anywhere] font-semibold text-ink">{email}</strong>. Abra
        sua caixa de entrada (ou a pasta de spam) e clique no link para ativar sua conta.
      </p>
      <Link to="/login" className={buttonClasses({ size: 'md', className: 'mt-7 w-full' })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Voltar para o Login
      </Link>
    </div>
  );
}

export default function SignupPage() {
  const errorId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) return <SignupSent email={sentTo} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePasswords(password, confirmation);
    setError(invalid);
    setPasswordError(invalid !== null);
    if (invalid) return;

    setBusy(true);
    try {
      const created = await signup({ name: name.trim(), email: email.trim(), password });
      setSentTo(created.email);
    } catch (caught) {
      setError(errorMessage(caught, AUTH_MESSAGES.signupFailed));
    } finally {
      setBusy(false);
    }
  };

  const passwordDescribedBy = passwordError ? errorId : undefined;

  return (
    <>
      <AuthHeading
        title="Criar conta"
        description="Questões de concurso com Inteligência Artificial"
      />
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Nome"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          disabled={busy}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          disabled={busy}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="new-password"
          placeholder="Senha (mínimo 6 caracteres)"
          required
          disabled={busy}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          describedBy={passwordDescribedBy}
          invalid={passwordError}
        />
        <PasswordField
          label="Repetir senha"
          name="password-confirmation"
          autoComplete="new-password"
          required
          disabled={busy}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          describedBy={passwordDescribedBy}
          invalid={passwordError}
        />

        {error && (
          <p
            id={errorId}
            role="alert"
            className="flex items-start gap-2 text-sm font-medium leading-6 text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        )}

        <Button type="submit" size="md" className="w-full" disabled={busy}>
          {busy ? (
            <Spinner className="size-4" inheritColor />
          ) : (
            <UserPlus className="size-4" aria-hidden="true" />
          )}
          {busy ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>

      <p className="mt-8 border-t border-line pt-6 text-center text-sm text-ink-muted">
        Já tem conta?{' '}
        <Link to="/login" className="rounded font-semibold text-primary-ink hover:underline">
          Entrar
        </Link>
      </p>
    </>
  );
}
