import type { ReactNode, Ref } from 'react';

interface AuthHeadingProps {
  title: string;
  description?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Title block at the top of the sign-in cards. */
export function AuthHeading({ title, description, headingRef }: AuthHeadingProps) {
  return (
    <div className="mb-6">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-semibold tracking-tight text-ink focus-visible:outline-none"
      >
        {title}
      </h1>
      {description && <p className="mt-1.5 text-sm leading-6 text-ink-muted">{description}</p>}
    </div>
  );
}
