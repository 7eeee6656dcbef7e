import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  className?: string;
  /** Use the surrounding text colour (e.g. inside a primary button) instead of the brand colour. */
  inheritColor?: boolean;
}

export function Spinner({ className = 'size-6', inheritColor = false }: SpinnerProps) {
  return (
    <LoaderCircle
      className={`animate-spin motion-reduce:animate-none ${inheritColor ? '' : 'text-primary'} ${className}`}
      aria-hidden="true"
    />
  );
}
