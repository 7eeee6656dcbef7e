import type { ReactNode } from 'react';

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}

/** A labelled checkbox (Space toggles it); the label is the whole target. */
export function CheckboxField({ checked, onChange, children, className = '' }: CheckboxFieldProps) {
  return (
    <label
      className={`inline-flex cursor-pointer select-none items-center gap-2.5 text-sm font-medium text-ink ${className}`}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      {children}
    </label>
  );
}
