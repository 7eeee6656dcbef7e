import {
  flashcardInputSchema,
  FLASHCARD_BACK_MAX,
  FLASHCARD_FRONT_MAX,
  type Flashcard,
  type FlashcardInput,
} from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { INPUT_CLASSES } from '@/components/ui/field-styles';
import { FormField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { disciplinesQueryOptions } from '@/domain/catalog/catalog-queries';
import { showSubmitError, useSchemaForm } from '@/lib/forms';

/** A card's front, back, discipline and subject, checked by the schema the server applies. */
export function FlashcardForm({
  card,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  card?: Flashcard;
  submitLabel: string;
  onSubmit: (input: FlashcardInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const disciplines = useQuery(disciplinesQueryOptions);
  const form = useSchemaForm(flashcardInputSchema, {
    defaultValues: {
      front: card?.front ?? '',
      back: card?.back ?? '',
      disciplineCode: card?.disciplineCode ?? '',
      subject: card?.subject ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
      if (!card) form.reset();
    } catch (error) {
      showSubmitError(form, error, 'Não foi possível salvar o cartão. Tente novamente.');
    }
  });
  const prefix = card ? `cartao-${card.id}` : 'novo-cartao';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <TextAreaField
        label="Frente"
        id={`${prefix}-frente`}
        error={errors.front?.message}
        maxLength={FLASHCARD_FRONT_MAX}
        textareaClassName="h-24"
        {...form.register('front')}
      />
      <TextAreaField
        label="Verso"
        id={`${prefix}-verso`}
        error={errors.back?.message}
        maxLength={FLASHCARD_BACK_MAX}
        textareaClassName="h-28"
        {...form.register('back')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Disciplina"
          id={`${prefix}-disciplina`}
          error={errors.disciplineCode?.message}
        >
          {(wiring) => (
            <select className={INPUT_CLASSES} {...wiring} {...form.register('disciplineCode')}>
              <option value="">Nenhuma</option>
              {(disciplines.data?.disciplines ?? []).map((discipline) => (
                <option key={discipline.code} value={discipline.code}>
                  {discipline.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label="Assunto"
          id={`${prefix}-assunto`}
          error={errors.subject?.message}
          {...form.register('subject')}
        />
      </div>
      {errors.root?.server?.message && <Notice tone="error">{errors.root.server.message}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
