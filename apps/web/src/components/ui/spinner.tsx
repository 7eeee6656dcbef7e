import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'size-6' }: { className?: string }) {
  return (
    <LoaderCircle
      className={`animate-spin text-primary motion-reduce:animate-none ${className}`}
      aria-hidden="true"
    />
  );
}
