import { useId, type ComponentProps } from 'react';
import { INPUT_CLASSES, LABEL_CLASSES } from './field-styles';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** id of a message (hint or error) that describes this field. */
  describedBy?: string;
  invalid?: boolean;
}

export function TextField({
  label,
  describedBy,
  invalid,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <input
        id={id}
        className={INPUT_CLASSES}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        {...inputProps}
      />
    </div>
  );
}
