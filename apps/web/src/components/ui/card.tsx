import type { ComponentPropsWithoutRef } from 'react';

type CardPadding = 'none' | 'sm' | 'md';

const SURFACE = 'rounded-2xl border border-line bg-surface shadow-sm shadow-slate-900/[0.03]';
const PADDING: Record<CardPadding, string> = {
  none: '',
  sm: 'p-4 sm:p-5',
  md: 'p-5 sm:p-6',
};

/** The raised surface every panel of the app sits on; for elements that cannot be a Card. */
export function cardClasses({
  padding = 'md',
  className,
}: { padding?: CardPadding; className?: string } = {}) {
  return [SURFACE, PADDING[padding], className].filter(Boolean).join(' ');
}

type CardProps = ComponentPropsWithoutRef<'div'> & {
  as?: 'div' | 'section' | 'header' | 'nav' | 'article' | 'aside';
  padding?: CardPadding;
};

export function Card({ as: Element = 'div', padding, className, ...props }: CardProps) {
  return <Element className={cardClasses({ padding, className })} {...props} />;
}
