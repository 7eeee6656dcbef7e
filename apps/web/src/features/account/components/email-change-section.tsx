import { emailChangeRequestSchema, PRIVACY_MESSAGES, type MeResponse } from '@gabarita/shared';
import { AtSign, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError } from '@/lib/api-client';
import { showSubmitError, useSchemaForm } from '@/lib/forms';
import { useEmailChange } from '../api/me-api';
import { SectionCard } from './section-card';

const EMAIL_CHANGE_FAILED = 'Não foi possível enviar o link de confirmação. Tente novamente.';

/** The field a refusal of the server is about, by its code. */
const FIELD_OF_CODE: Record<string, 'newEmail' | 'password'> = {
  'privacy/wrong-password': 'password',
  'privacy/email-unchanged': 'newEmail',
  'auth/email-already-in-use': 'newEmail',
};

function EmailChangeForm() {
  const change = useEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(emailChangeRequestSchema, {
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (request) => {
    setSentTo(null);
    try {
      const { email } = await change.mutateAsync(request);
      setSentTo(email);
      form.reset();
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) {
        form.setError(field, { message: (error as ApiError).message }, { shouldFocus: true });
      } else {
        showSubmitError(form, error, EMAIL_CHANGE_FAILED);
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <p className="max-w-prose text-sm leading-6 text-ink-muted">
        Enviaremos um link de confirmação para o novo endereço. Até você abrir esse link, a conta
        continua com o e-mail atual, que também recebe um aviso da mudança.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Novo e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.newEmail?.message}
          {...form.register('newEmail', { onChange: () => setSentTo(null) })}
        />
        <PasswordField
          label="Senha atual"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
      </div>
      {serverError && <Notice tone="error">{serverError}</Notice>}
      {sentTo && <Notice tone="success">{PRIVACY_MESSAGES.emailChangeSent(sentTo)}</Notice>}
      <Button type="submit" variant="secondary" icon={Send} busy={isSubmitting}>
        Enviar link de confirmação
      </Button>
    </form>
  );
}

/** 'Alterar e-mail': only password accounts; a Google account's address is Google's. */
export function EmailChangeSection({ me }: { me: MeResponse }) {
  return (
    <SectionCard title={PRIVACY_MESSAGES.emailChangeTitle} icon={AtSign}>
      {me.provider === 'password' ? (
        <EmailChangeForm />
      ) : (
        <p className="max-w-prose text-sm leading-6 text-ink-muted">
          {PRIVACY_MESSAGES.emailChangeGoogle}
        </p>
      )}
    </SectionCard>
  );
}
