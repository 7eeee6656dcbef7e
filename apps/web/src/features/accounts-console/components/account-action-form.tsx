import {
  ACTION_REASON_MAX_LENGTH,
  accountActionSchema,
  premiumGrantSchema,
  tokenGrantSchema,
} from '@gabarita/shared';
import type { LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { type AccountActionKind, useAccountAction } from '../api/accounts-console-api';

const ACTION_FAILED = 'Não foi possível concluir a ação. Tente novamente.';

/** The amount some actions take besides the reason. */
interface Amount {
  field: 'dias' | 'pacotes';
  label: string;
  max: number;
  hint?: ReactNode;
}

const SCHEMAS = {
  premium: premiumGrantSchema,
  tokens: tokenGrantSchema,
  block: accountActionSchema,
  unblock: accountActionSchema,
  'resend-verification': accountActionSchema,
  'end-sessions': accountActionSchema,
} as const;

interface AccountActionFormProps {
  userId: string;
  kind: AccountActionKind;
  title: string;
  description: ReactNode;
  submitLabel: string;
  icon: LucideIcon;
  amount?: Amount;
  danger?: boolean;
}

/**
 * One action of the console on an account. The reason is required (it goes to the audit log with
 * who and when); the server checks it and the role again.
 */
export function AccountActionForm({
  userId,
  kind,
  title,
  description,
  submitLabel,
  icon,
  amount,
  danger = false,
}: AccountActionFormProps) {
  const action = useAccountAction(userId, kind);
  const headingId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('1');
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.isPending) return;
    const body = amount ? { motivo: reason, [amount.field]: Number(value) } : { motivo: reason };
    const parsed = SCHEMAS[kind].safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid({ field: String(issue?.path[0] ?? 'motivo'), message: issue?.message ?? '' });
      return;
    }
    setInvalid(null);
    action.mutate(parsed.data, { onSuccess: () => setReason('') });
  };

  const touched = () => {
    if (invalid) setInvalid(null);
    if (action.isSuccess || action.isError) action.reset();
  };

  return (
    <Card as="section" padding="sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 text-sm leading-6 text-ink-muted">{description}</p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {amount && (
          <TextField
            label={amount.label}
            type="number"
            inputMode="numeric"
            min={1}
            max={amount.max}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              touched();
            }}
            description={amount.hint}
            descriptionClassName="mt-1 text-xs text-ink-muted"
            error={invalid?.field === amount.field ? invalid.message : undefined}
            className="sm:max-w-48"
          />
        )}
        <TextAreaField
          label="Motivo"
          rows={2}
          maxLength={ACTION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            touched();
          }}
          description="Fica no registro de ações, com quem fez e quando."
          descriptionClassName="mt-1 text-xs text-ink-muted"
          error={invalid?.field === 'motivo' ? invalid.message : undefined}
        />
        {action.isError && (
          <Notice tone="error" id={errorId}>
            {errorMessage(action.error, ACTION_FAILED)}
          </Notice>
        )}
        {action.isSuccess && <Notice tone="success">{action.data.message}</Notice>}
        <Button
          type="submit"
          variant={danger ? 'danger' : 'secondary'}
          icon={icon}
          busy={action.isPending}
        >
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
