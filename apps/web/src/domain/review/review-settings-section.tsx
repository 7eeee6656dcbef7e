import {
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  REVIEW_MESSAGES,
  reviewSettingsSchema,
} from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASSES } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { showSubmitError, useSchemaForm } from '@/lib/forms';
import { reviewSettingsQueryOptions, useSaveReviewSettings } from '@/domain/review/review-api';

const CHOICES = Array.from(
  { length: Math.round((DESIRED_RETENTION_MAX - DESIRED_RETENTION_MIN) * 100) + 1 },
  (_, at) => Math.round((DESIRED_RETENTION_MIN + at / 100) * 100) / 100,
);

/**
 * 'Revisão' on /conta: the desired retention FSRS schedules for, and what it trades
 * (docs/product-rules.md, "Review").
 */
export function ReviewSettingsForm() {
  const settings = useQuery(reviewSettingsQueryOptions);
  const save = useSaveReviewSettings();
  const form = useSchemaForm(reviewSettingsSchema, { defaultValues: { desiredRetention: 0.9 } });
  const { errors, isSubmitting } = form.formState;
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await save.mutateAsync(values);
      setSaved(true);
    } catch (error) {
      showSubmitError(form, error, 'Não foi possível salvar a retenção. Tente novamente.');
    }
  });

  let body;
  if (settings.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> Carregando...
      </p>
    );
  } else if (settings.isError) {
    body = (
      <QueryError
        message={errorMessage(settings.error, 'Não foi possível carregar a sua retenção desejada.')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else {
    body = (
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
        <FormField
          label="Retenção desejada"
          id="retencao-desejada"
          error={errors.desiredRetention?.message}
          description={REVIEW_MESSAGES.retentionTrade}
        >
          {(wiring) => (
            <select
              className={`${INPUT_CLASSES} max-w-40`}
              {...wiring}
              {...form.register('desiredRetention', { valueAsNumber: true })}
            >
              {CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {Math.round(choice * 100)}%
                </option>
              ))}
            </select>
          )}
        </FormField>
        {errors.root?.server?.message && <Notice tone="error">{errors.root.server.message}</Notice>}
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" busy={isSubmitting}>
            Salvar retenção
          </Button>
          {saved && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              Retenção salva.
            </p>
          )}
        </div>
      </form>
    );
  }
  return body;
}
