import { useId, type ComponentProps, type ReactNode } from 'react';
import { INPUT_CLASSES, LABEL_CLASSES, TEXTAREA_CLASSES } from './field-styles';

/** What a field hands to its control: the id its label points to, and the ARIA wiring. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type DescribedBy = string | false | null | undefined;

export interface FieldProps {
  label: ReactNode;
  /** The value is wrong: the control says so (aria-invalid) and points to the message. */
  invalid?: boolean;
  /**
   * id of the message that says what is wrong, wherever it is shown (one message under a form can
   * be about several fields); the control points to it only while invalid.
   */
  errorId?: string;
  /** The field's own error message, shown under it (the field is then invalid). */
  error?: ReactNode;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  descriptionClassName?: string;
  /** ids of other texts that describe the control (a notice above the form...), after the hint. */
  describedBy?: DescribedBy | readonly DescribedBy[];
  /** A fixed id for the control (one that a link or a test names); generated otherwise. */
  id?: string;
  className?: string;
  labelClassName?: string;
}

interface FormFieldProps extends FieldProps {
  /** The control, given its id and wiring. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, a control and the texts about it, with the control's id, aria-invalid and
 * aria-describedby set in one place. TextField, TextAreaField and PasswordField are built on it.
 */
export function FormField({
  label,
  invalid = false,
  errorId,
  error,
  description,
  descriptionClassName = 'mt-1.5 text-xs text-ink-muted',
  describedBy,
  id,
  className,
  labelClassName = LABEL_CLASSES,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-descricao`;
  const ownErrorId = `${controlId}-erro`;
  const hasError = error !== undefined && error !== null && error !== false;
  const isInvalid = invalid || hasError;
  const others: readonly DescribedBy[] = Array.isArray(describedBy)
    ? describedBy
    : [describedBy as DescribedBy];
  const describers = [
    description ? descriptionId : null,
    ...others,
    isInvalid && errorId ? errorId : null,
    hasError ? ownErrorId : null,
  ].filter((describer): describer is string => Boolean(describer));

  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': isInvalid || undefined,
        'aria-describedby': describers.length > 0 ? describers.join(' ') : undefined,
      })}
      {description && (
        <p id={descriptionId} className={descriptionClassName}>
          {description}
        </p>
      )}
      {hasError && (
        <p id={ownErrorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldPropNames = keyof FieldProps;

const FIELD_PROP_NAMES: readonly string[] = [
  'label',
  'invalid',
  'errorId',
  'error',
  'description',
  'descriptionClassName',
  'describedBy',
  'id',
  'className',
  'labelClassName',
] satisfies readonly FieldPropNames[];

/** Splits a field's props (for FormField) from its control's (for the input or text area). */
export function splitFieldProps<Props extends FieldProps>(props: Props) {
  const field: Record<string, unknown> = {};
  const control: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    (FIELD_PROP_NAMES.includes(name) ? field : control)[name] = value;
  }
  return {
    field: field as unknown as FieldProps,
    control: control as Omit<Props, FieldPropNames>,
  };
}

interface TextFieldProps extends FieldProps, Omit<ComponentProps<'input'>, FieldPropNames> {
  /** Classes added to the input's own. */
  inputClassName?: string;
}

/** A labelled text input. */
export function TextField(props: TextFieldProps) {
  const {
    field,
    control: { inputClassName, ...inputProps },
  } = splitFieldProps(props);
  return (
    <FormField {...field}>
      {(wiring) => (
        <input
          className={inputClassName ? `${INPUT_CLASSES} ${inputClassName}` : INPUT_CLASSES}
          {...wiring}
          {...inputProps}
        />
      )}
    </FormField>
  );
}

interface TextAreaFieldProps extends FieldProps, Omit<ComponentProps<'textarea'>, FieldPropNames> {
  /** Classes added to the text area's own (its height, mostly). */
  textareaClassName?: string;
}

/** A labelled multi-line text box. */
export function TextAreaField(props: TextAreaFieldProps) {
  const {
    field,
    control: { textareaClassName, ...textareaProps },
  } = splitFieldProps(props);
  return (
    <FormField {...field}>
      {(wiring) => (
        <textarea
          className={
            textareaClassName ? `${TEXTAREA_CLASSES} ${textareaClassName}` : TEXTAREA_CLASSES
          }
          {...wiring}
          {...textareaProps}
        />
      )}
    </FormField>
  );
}
