import { type ReactNode, startTransition, useOptimistic } from 'react';

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}

/**
 * A labelled checkbox (Space toggles it); the label is the whole target. The new state shows at once,
 * also when `onChange` changes the address (a navigation that React finishes later).
 */
export function CheckboxField({ checked, onChange, children, className = '' }: CheckboxFieldProps) {
  const [shown, setShown] = useOptimistic(checked);
  return (
    <label
      className={`inline-flex cursor-pointer select-none items-center gap-2.5 text-sm font-medium text-ink ${className}`}
    >
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(() => {
            setShown(next);
            onChange(next);
          });
        }}
        className="size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      {children}
    </label>
  );
}
