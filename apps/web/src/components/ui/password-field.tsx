import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { INPUT_CLASSES } from './field-styles';
import { FormField, splitFieldProps, type FieldProps } from './form-field';

interface PasswordFieldProps
  extends FieldProps, Omit<ComponentProps<'input'>, keyof FieldProps | 'type'> {}

/** A password input with its own show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const {
    field,
    control: { disabled, ...inputProps },
  } = splitFieldProps(props);
  const [visible, setVisible] = useState(false);
  return (
    <FormField {...field}>
      {(wiring) => (
        <div className="relative">
          <input
            type={visible ? 'text' : 'password'}
            className={`${INPUT_CLASSES} pr-12`}
            {...wiring}
            disabled={disabled}
            {...inputProps}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-60"
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
            aria-pressed={visible}
            aria-controls={wiring.id}
            disabled={disabled}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}
