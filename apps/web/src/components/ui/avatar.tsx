const SIZES = {
  sm: 'size-7 text-xs',
  lg: 'size-14 text-lg',
} as const;

/** 'Ana Souza' -> 'AS'; a single word gives one letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

interface AvatarProps {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The user's photo, or their initials on a brand circle. Decorative: the name is always nearby. */
export function Avatar({ name, photoUrl, size = 'sm', className = '' }: AvatarProps) {
  const base = `${SIZES[size]} shrink-0 rounded-full ${className}`;
  if (photoUrl) {
    return <img src={photoUrl} alt="" className={`${base} object-cover ring-1 ring-line`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${base} flex items-center justify-center bg-brand-100 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100`}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
