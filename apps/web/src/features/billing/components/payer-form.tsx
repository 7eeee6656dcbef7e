import { formatCpf, payerSchema, type Payer } from '@gabarita/shared';
import { QrCode } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/form-field';
import { firstErrorMessage, useSchemaForm } from '@/lib/forms';

interface PayerFormProps {
  /** While a charge is being made or waits for payment, the data cannot change. */
  locked: boolean;
  busy: boolean;
  /** Null when another button on the page starts the next charge. */
  submitLabel: string | null;
  onSubmit: (payer: Payer) => void;
}

/** Nome, Sobrenome and CPF (masked 000.000.000-00, sent as digits), checked by the shared rules. */
export function PayerForm({ locked, busy, submitLabel, onSubmit }: PayerFormProps) {
  const errorId = useId();
  const form = useSchemaForm(payerSchema, {
    defaultValues: { firstName: '', lastName: '', cpf: '' },
  });
  const { errors } = form.formState;
  const error = firstErrorMessage(errors, ['firstName', 'lastName', 'cpf']);

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      noValidate
      aria-label="Dados do pagador"
      className="space-y-4"
    >
      <fieldset disabled={locked || busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome"
          autoComplete="given-name"
          required
          invalid={Boolean(errors.firstName)}
          errorId={errorId}
          {...form.register('firstName')}
        />
        <TextField
          label="Sobrenome"
          autoComplete="family-name"
          required
          invalid={Boolean(errors.lastName)}
          errorId={errorId}
          {...form.register('lastName')}
        />
        <TextField
          label="CPF"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={14}
          required
          className="sm:col-span-2"
          invalid={Boolean(errors.cpf)}
          errorId={errorId}
          {...form.register('cpf', {
            onChange: (event: { target: { value: string } }) =>
              form.setValue('cpf', formatCpf(event.target.value)),
          })}
        />
      </fieldset>
      {error && (
        <Notice id={errorId} tone="error">
          {error}
        </Notice>
      )}
      {submitLabel && (
        <Button type="submit" className="w-full" disabled={locked} busy={busy} icon={QrCode}>
          {submitLabel}
        </Button>
      )}
      <p className="text-xs leading-5 text-ink-muted">
        Seu nome e CPF são enviados apenas ao provedor de pagamentos, para gerar a cobrança PIX.
      </p>
    </form>
  );
}
