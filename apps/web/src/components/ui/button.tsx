import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'icon';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary shadow-sm hover:bg-primary-hover',
  secondary: 'border border-line bg-surface text-ink shadow-sm hover:bg-surface-muted',
  ghost: 'text-ink-muted hover:bg-surface-muted hover:text-ink',
  /** Destructive actions (erasing data); white on red-600 passes AA in both themes. */
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  icon: 'size-10',
};

/** The button look, for links that should read as buttons. */
export function buttonClasses({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

type ButtonProps = ComponentProps<'button'> &
  ButtonStyle & {
    /** Work in progress: the button is disabled and a spinner takes the icon's place. */
    busy?: boolean;
    icon?: LucideIcon;
  };

export function Button({
  variant = 'primary',
  size,
  className,
  type = 'button',
  busy = false,
  icon: Icon,
  disabled,
  children,
  ...props
}: ButtonProps) {
  // On filled buttons the spinner takes the text colour; on the others, the brand colour.
  const filled = variant === 'primary' || variant === 'danger';
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <Spinner className="size-4" inheritColor={filled} />
      ) : (
        Icon && <Icon className="size-4" aria-hidden="true" />
      )}
      {children}
    </button>
  );
}
