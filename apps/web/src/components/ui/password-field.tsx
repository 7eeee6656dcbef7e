import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { INPUT_CLASSES, LABEL_CLASSES } from './field-styles';

interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: string;
  describedBy?: string;
  invalid?: boolean;
}

/** A password input with its own show/hide toggle. */
export function PasswordField({
  label,
  describedBy,
  invalid,
  className = '',
  disabled,
  ...inputProps
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${INPUT_CLASSES} pr-12`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          {...inputProps}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-60"
          aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
          aria-pressed={visible}
          aria-controls={id}
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
    </div>
  );
}
