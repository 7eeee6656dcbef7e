import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  PRIVACY_MESSAGES,
  signupFormSchema,
  PATHS,
} from '@gabarita/shared';
import { ArrowLeft, MailCheck, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/form-field';
import { firstErrorField, firstErrorMessage, showSubmitError, useSchemaForm } from '@/lib/forms';
import { signup } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';
import { useTutorInfo } from '@/domain/app-info';

function SignupSent({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was on is gone: move focus to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

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
      <Link
        to={PATHS.login.path}
        className={buttonClasses({ size: 'md', className: 'mt-7 w-full' })}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Voltar para o Login
      </Link>
    </div>
  );
}

export default function SignupPage() {
  const errorId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(signupFormSchema, {
    defaultValues: { name: '', email: '', password: '', confirmation: '', guardianConsent: false },
  });
  const { errors, isSubmitting: busy } = form.formState;
  const tutor = useTutorInfo();
  const guardianConsent = form.watch('guardianConsent') ?? false;

  if (sentTo !== null) return <SignupSent email={sentTo} />;

  const onSubmit = form.handleSubmit(
    async ({ name, email, password, guardianConsent: guardian }) => {
      try {
        // Sent only when ticked: the server records the guardian's consent beside the terms.
        const created = await signup({
          name,
          email,
          password,
          ...(guardian && { guardianConsent: true }),
        });
        setSentTo(created.email);
      } catch (caught) {
        showSubmitError(form, caught, AUTH_MESSAGES.signupFailed);
      }
    },
  );

  // One message under the form, as the spec shows it; only the fields it is about are marked.
  const order = ['name', 'email', 'confirmation', 'password'] as const;
  const error = firstErrorMessage(errors, order);
  const about = firstErrorField(errors, order);
  const passwordError = about === 'password' || about === 'confirmation';

  return (
    <>
      <AuthHeading
        title="Criar conta"
        description={
          tutor === null
            ? 'Questões de concurso'
            : tutor.languageModel
              ? 'Questões de concurso com Inteligência Artificial'
              : 'Questões de concurso comentadas'
        }
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <TextField
            label="Nome"
            autoComplete="name"
            required
            maxLength={NAME_MAX_LENGTH}
            invalid={about === 'name'}
            errorId={errorId}
            {...form.register('name')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            invalid={about === 'email'}
            errorId={errorId}
            {...form.register('email')}
          />
          <PasswordField
            label="Senha"
            autoComplete="new-password"
            placeholder="Senha (mínimo 6 caracteres)"
            required
            invalid={passwordError}
            errorId={errorId}
            {...form.register('password')}
          />
          <PasswordField
            label="Repetir senha"
            autoComplete="new-password"
            required
            invalid={passwordError}
            errorId={errorId}
            {...form.register('confirmation')}
          />
        </fieldset>

        {error && (
          <p
            id={errorId}
            role="alert"
            className="flex items-start gap-2 text-sm font-medium leading-6 text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        )}

        <p id="signup-consent" className="text-xs leading-5 text-ink-muted">
          Ao criar sua conta, você aceita os{' '}
          <Link
            to={PATHS.terms.path}
            target="_blank"
            className="rounded font-medium text-primary-ink underline underline-offset-2"
          >
            Termos de Uso
          </Link>{' '}
          e a{' '}
          <Link
            to={PATHS.privacy.path}
            target="_blank"
            className="rounded font-medium text-primary-ink underline underline-offset-2"
          >
            Política de Privacidade
          </Link>
          . Menores de 18 anos precisam do consentimento dos pais ou do responsável legal.
        </p>

        <fieldset disabled={busy}>
          <CheckboxField
            checked={guardianConsent}
            onChange={(checked) => form.setValue('guardianConsent', checked)}
            className="items-start! leading-6 [&>input]:mt-1"
          >
            {PRIVACY_MESSAGES.consentGuardian}
          </CheckboxField>
        </fieldset>

        <Button
          type="submit"
          size="md"
          className="w-full"
          busy={busy}
          icon={UserPlus}
          aria-describedby="signup-consent"
        >
          {busy ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>

      <p className="mt-8 border-t border-line pt-6 text-center text-sm text-ink-muted">
        Já tem conta?{' '}
        <Link
          to={PATHS.login.path}
          className="rounded font-semibold text-primary-ink hover:underline"
        >
          Entrar
        </Link>
      </p>
    </>
  );
}
