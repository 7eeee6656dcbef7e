import type { Figure } from '@gabarita/shared';
import { Maximize2 } from 'lucide-react';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { FigureZoomDialog } from './figure-zoom-dialog';

interface FigureImageProps {
  figure: Figure;
  /** The description written for this use of the image: its alternative text. */
  description: string;
  /** A small figure inside a sentence; otherwise a figure on its own line. */
  inline?: boolean;
  /** False inside a control (an alternative's label): drawn, but not a button. */
  zoomable?: boolean;
  className?: string;
}

/**
 * The page size of a figure: the column's width, but never narrower than `minWidth` (its smallest
 * text at 12 px) nor wider than its own size; narrower screens scroll inside the figure.
 */
export function figureSizeStyle(figure: Figure): CSSProperties {
  const minWidth = figure.minWidth ?? undefined;
  const natural = figure.width ?? undefined;
  return {
    width: '100%',
    minWidth,
    maxWidth: natural === undefined ? undefined : Math.max(natural, minWidth ?? 0),
  };
}

/**
 * A figure in a statement, reference text or alternative, drawn on white (drawings assume a light
 * page). A click or tap, or Enter, opens it full screen with zoom and its description.
 */
/** Whether the element's content is wider than the element (it scrolls sideways). */
function useOverflowing() {
  const ref = useRef<HTMLSpanElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

export function FigureImage({
  figure,
  description,
  inline = false,
  zoomable = true,
  className = '',
}: FigureImageProps) {
  const [open, setOpen] = useState(false);
  const { ref: scrollerRef, overflowing } = useOverflowing();
  const image = (
    <img
      src={figure.url}
      alt={description}
      width={figure.width ?? undefined}
      height={figure.height ?? undefined}
      loading="lazy"
      decoding="async"
      className={inline ? 'inline-block h-auto max-w-full align-middle' : 'block h-auto w-full'}
    />
  );
  const dialog = open && (
    <FigureZoomDialog figure={figure} description={description} onClose={() => setOpen(false)} />
  );

  if (inline) {
    const look = `mx-0.5 inline-block rounded bg-white p-0.5 align-middle ring-1 ring-line ${className}`;
    return zoomable ? (
      <>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={`${look} cursor-zoom-in hover:ring-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
          aria-label={`Ampliar figura: ${description}`}
        >
          {image}
        </button>
        {dialog}
      </>
    ) : (
      <span className={look}>{image}</span>
    );
  }

  const frame = 'block overflow-hidden rounded-lg border border-line bg-white';
  return (
    <span className={`my-4 block ${className}`} data-figure={figure.assetId}>
      {/* Wide figures scroll here rather than shrink their text below 12 px. */}
      <span
        ref={scrollerRef}
        className="block max-w-full overflow-x-auto overscroll-x-contain pb-1"
      >
        {zoomable ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            style={figureSizeStyle(figure)}
            className={`${frame} mx-auto cursor-zoom-in transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none`}
            aria-label={`Ampliar figura: ${description}`}
          >
            {image}
          </button>
        ) : (
          <span style={figureSizeStyle(figure)} className={`${frame} mx-auto`}>
            {image}
          </span>
        )}
      </span>
      {zoomable && (
        <span
          aria-hidden="true"
          className="mt-1 flex items-center justify-center gap-1 text-xs text-ink-muted"
        >
          <Maximize2 className="size-3.5 shrink-0" />
          {overflowing
            ? 'Deslize para ver a figura inteira ou toque para ampliar'
            : 'Toque na figura para ampliar'}
        </span>
      )}
      {dialog}
    </span>
  );
}
