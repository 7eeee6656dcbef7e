import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from './button';
import { INPUT_CLASSES, LABEL_CLASSES } from './field-styles';

interface TextFilterProps {
  label: string;
  /** The filter in force (from the address); '' when not set. */
  value: string;
  /** Called with the trimmed text when the filter is applied ('Filtrar' or Enter). */
  onChange: (value: string) => void;
  /** A hint under the field, read with it. */
  description?: string;
  maxLength?: number;
  className?: string;
}

/**
 * A text filter for codes and ids typed or pasted: it applies on 'Filtrar' (or Enter), not on every
 * key, and follows the value when the address changes it (clearing, going back).
 */
export function TextFilter({
  label,
  value,
  onChange,
  description,
  maxLength,
  className,
}: TextFilterProps) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(text.trim());
  };
  return (
    <form onSubmit={submit} className={className}>
      <label htmlFor={inputId} className={LABEL_CLASSES}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          value={text}
          maxLength={maxLength}
          spellCheck={false}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={description ? hintId : undefined}
          onChange={(event) => setText(event.target.value)}
          className={`${INPUT_CLASSES} min-w-0`}
        />
        <Button type="submit" variant="secondary" icon={Search}>
          Filtrar
        </Button>
      </div>
      {description && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-muted">
          {description}
        </p>
      )}
    </form>
  );
}
