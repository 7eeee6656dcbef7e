import type { ComponentPropsWithoutRef, Ref } from 'react';

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
  ref?: Ref<HTMLElement>;
};

export function Card({ as: Element = 'div', padding, className, ref, ...props }: CardProps) {
  return (
    <Element
      ref={ref as Ref<HTMLDivElement>}
      className={cardClasses({ padding, className })}
      {...props}
    />
  );
}
