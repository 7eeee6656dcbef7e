import {
  AUTH_MESSAGES,
  deleteAccountRequestSchema,
  PRIVACY_MESSAGES,
  type DeleteAccountRequest,
  type MeResponse,
} from '@gabarita/shared';
import { Mail, TriangleAlert } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteAccount, useDeletingAccount, useDeletionCode } from '../api/me-api';

type Field = 'password' | 'code';

/** The field a refusal of the server is about, by its code; the others go under the form. */
const FIELD_OF_CODE: Record<string, Field> = {
  'privacy/wrong-password': 'password',
  'privacy/code-invalid': 'code',
  'privacy/code-required': 'code',
};

function fieldOf(error: unknown, field: Field): string | null {
  if (!(error instanceof ApiError)) return null;
  if (FIELD_OF_CODE[error.code] === field) return error.message;
  return error.code === 'request/invalid' ? (error.fields[field] ?? null) : null;
}

/** What the form sends, checked as the server will, or the message for the field. */
function confirmation(
  passwordAccount: boolean,
  password: string,
  code: string,
): { request: DeleteAccountRequest } | { invalid: string } {
  if (passwordAccount && password === '') return { invalid: AUTH_MESSAGES.passwordRequired };
  if (!passwordAccount && code.trim() === '')
    return { invalid: PRIVACY_MESSAGES.deleteCodeRequired };
  const parsed = deleteAccountRequestSchema.safeParse(passwordAccount ? { password } : { code });
  return parsed.success
    ? { request: parsed.data }
    : { invalid: parsed.error.issues[0]?.message ?? PRIVACY_MESSAGES.deleteFailed };
}

/**
 * The last step: a password account types its password, a Google account asks for a code by e-mail
 * and types it. On success the session is gone and /login says the account was deleted.
 */
function DeleteAccountForm({ me, onCancel }: { me: MeResponse; onCancel: () => void }) {
  const passwordAccount = me.provider === 'password';
  const sendCode = useDeletionCode();
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // A message about the field is read with it: the field takes focus when it is wrong.
  const fieldRef = useRef<HTMLInputElement>(null);

  const field: Field = passwordAccount ? 'password' : 'code';
  const fieldError = invalid ?? fieldOf(deletion.error, field);
  const formError =
    deletion.isError && !fieldOf(deletion.error, field)
      ? errorMessage(deletion.error, PRIVACY_MESSAGES.deleteFailed)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deletion.isPending) return;
    const checked = confirmation(passwordAccount, password, code);
    if ('invalid' in checked) {
      deletion.reset();
      setInvalid(checked.invalid);
      fieldRef.current?.focus();
      return;
    }
    setInvalid(null);
    deletion.mutate(checked.request, {
      onError: (error) => {
        if (fieldOf(error, field)) fieldRef.current?.focus();
      },
    });
  };

  const edited = () => {
    setInvalid(null);
    if (deletion.isError) deletion.reset();
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      {passwordAccount ? (
        <PasswordField
          ref={fieldRef}
          label={PRIVACY_MESSAGES.deletePasswordLabel}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            edited();
          }}
          error={fieldError}
        />
      ) : (
        <>
          <div>
            <Button
              variant="secondary"
              icon={Mail}
              busy={sendCode.isPending}
              onClick={() => sendCode.mutate()}
              className="w-full sm:w-auto"
            >
              {PRIVACY_MESSAGES.deleteSendCode}
            </Button>
            {sendCode.isSuccess && (
              <Notice tone="success" className="mt-3">
                {PRIVACY_MESSAGES.deleteCodeSent(me.email)}
              </Notice>
            )}
            {sendCode.isError && (
              <Notice tone="error" className="mt-3">
                {errorMessage(sendCode.error, PRIVACY_MESSAGES.deleteFailed)}
              </Notice>
            )}
          </div>
          <TextField
            ref={fieldRef}
            label={PRIVACY_MESSAGES.deleteCodeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              edited();
            }}
            error={fieldError}
            inputClassName="font-mono tracking-[0.3em]"
            className="sm:max-w-56"
          />
        </>
      )}

      {formError && <Notice tone="error">{formError}</Notice>}

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end sm:gap-3">
        <Button
          variant="secondary"
          aria-disabled={deletion.isPending || undefined}
          onClick={() => {
            if (!deletion.isPending) onCancel();
          }}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        >
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="danger"
          aria-disabled={deletion.isPending || undefined}
          className="w-full aria-disabled:cursor-progress sm:w-auto"
        >
          {deletion.isPending && <Spinner className="size-4" inheritColor />}
          {PRIVACY_MESSAGES.deleteConfirm}
        </Button>
      </div>
    </form>
  );
}

/** Asks for the proof before erasing the account; it cannot be dismissed while the erasing runs. */
export function DeleteAccountDialog({
  open,
  me,
  onClose,
}: {
  open: boolean;
  me: MeResponse;
  onClose: () => void;
}) {
  const busy = useDeletingAccount();
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title="Excluir sua conta?"
      description="Não é possível desfazer. O que está em 'Apagado na hora' some assim que você confirmar."
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
      }
    >
      <DeleteAccountForm me={me} onCancel={onClose} />
    </Modal>
  );
}
