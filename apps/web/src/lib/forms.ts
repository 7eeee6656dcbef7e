import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { ApiError, errorMessage } from './api-client';

/**
 * A form validated by a shared schema, the same one the server applies, so both speak with the same
 * messages. Checked on submit, then again on every change once a field has an error.
 */
export function useSchemaForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/**
 * Shows a failed submit on the form: the server's per-field messages on the fields the form has
 * (matched by the error's `fields`, never by its text), anything else as the form's own error.
 */
export function showSubmitError<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, never>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
): void {
  if (error instanceof ApiError && error.code === 'request/invalid') {
    const known = Object.entries(error.fields).filter(([field]) => field in form.getValues());
    for (const [field, message] of known) form.setError(field as Path<Values>, { message });
    if (known.length > 0) return;
  }
  form.setError('root.server', { message: errorMessage(error, fallback) });
}

/** The first message to show, in the order of `fields`, then the submit's own error. */
/** The first of `fields` that has an error: the one the form's single message is about. */
export function firstErrorField<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  fields: readonly Path<Values>[],
): Path<Values> | null {
  return fields.find((field) => (errors as Record<string, unknown>)[field] !== undefined) ?? null;
}

export function firstErrorMessage<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  fields: readonly Path<Values>[],
): string | null {
  for (const field of fields) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
    if (typeof message === 'string') return message;
  }
  const server = errors.root?.server?.message;
  return typeof server === 'string' ? server : null;
}
