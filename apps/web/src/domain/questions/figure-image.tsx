import type { Figure } from '@gabarita/shared';
import { Maximize2, MoveHorizontal } from 'lucide-react';
import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { FigureZoomDialog } from './figure-zoom-dialog';

interface FigureImageProps {
  figure: Figure;
  /** The description written for this use of the image: its alternative text. */
  description: string;
  /** A small figure inside a sentence; otherwise a figure on its own line. */
  inline?: boolean;
  /** False inside a control (an alternative's label): drawn, but not a button. */
  zoomable?: boolean;
  /** The marker's `largura_minima` (CSS px): replaces `figure.minWidth` here; 0 may shrink freely. */
  minWidth?: number;
  /** The marker's `altura` (em): an inline figure's exact height. */
  height?: number;
  /** Where a figure narrower than its column stands in it. */
  align?: 'center' | 'start';
  /** Replaces the default vertical margin of a figure on its own line (`my-4`). */
  className?: string;
}

/**
 * The page size of a figure: the column's width, but never narrower than its readable width (the
 * marker's `largura_minima`, else `figure.minWidth`: its smallest text at 12 px) nor wider than its
 * own size; narrower screens scroll inside the figure. Rasters and SVGs alike.
 */
export function figureSizeStyle(figure: Figure, minWidthOverride?: number): CSSProperties {
  // 0 (or no value) lets the figure shrink with the column.
  const minWidth = (minWidthOverride ?? figure.minWidth) || undefined;
  const natural = figure.width ?? undefined;
  return {
    width: '100%',
    minWidth,
    maxWidth: natural === undefined ? undefined : Math.max(natural, minWidth ?? 0),
  };
}

/**
 * An inline figure's size in the line (em of the surrounding text): its own height, so a formula's
 * subscripts keep the size they were drawn at, but at least about a capital letter's and at most
 * 2.5em, where the line grows around it; a figure taller than that breaks out of the line as a
 * small block (see `inlineFigureBreaksOut`). The marker's `altura` sets the height exactly. The rule
 * is written once in docs/product-rules.md ("Catalogue content", figures inside a sentence).
 */
export const INLINE_FIGURE_EM = {
  /** About the cap height of the body font: a symbol is never smaller than a capital letter. */
  min: 0.7,
  /** Taller, and the figure leaves the line: it would push two lines far apart. */
  max: 2.5,
  /** Images with no known size. */
  unknown: 1,
} as const;

/** The text size assumed before the figure's own is measured (the body text's). */
const DEFAULT_FONT_PX = 16;

/**
 * Whether an inline figure is too tall for the line at this text size (CSS px): taller than
 * `INLINE_FIGURE_EM.max` of the text, it is drawn as a small block at its own size instead of being
 * shrunk into the line, where a formula's subscripts would fall to 5 or 6 px. A height set by the
 * marker's `altura` keeps the figure in the line; so does an unknown size.
 */
export function inlineFigureBreaksOut(
  figure: Figure,
  fontSizePx: number,
  altura?: number,
): boolean {
  if (altura !== undefined || !figure.height) return false;
  return figure.height > INLINE_FIGURE_EM.max * fontSizePx;
}

/** The custom property holding an inline figure's height: one expression, read by both rules. */
export const INLINE_HEIGHT_VAR = '--inline-figure-height';

/**
 * The box of an inline figure: its height, and a vertical alignment that centres it on the
 * capitals of the line (a figure as tall as a capital sits on the baseline; a taller one reaches
 * as far below the baseline as above the capitals). The width follows from the image's proportions.
 */
export function inlineFigureStyle(figure: Figure, altura?: number): CSSProperties {
  const { min, max, unknown } = INLINE_FIGURE_EM;
  const height =
    altura !== undefined
      ? `${altura}em`
      : figure.height
        ? `clamp(${min}em, ${figure.height}px, ${max}em)`
        : `${unknown}em`;
  // em is the text's: the box inherits the font size of the sentence. The width is set from the
  // proportions too: a box sized by its content would take the image's pixel width and cut it.
  const ratio = figure.width && figure.height ? figure.width / figure.height : undefined;
  return {
    [INLINE_HEIGHT_VAR]: height,
    height: `var(${INLINE_HEIGHT_VAR})`,
    width:
      ratio === undefined ? undefined : `calc(var(${INLINE_HEIGHT_VAR}) * ${ratio.toFixed(4)})`,
    verticalAlign: `calc(${min / 2}em - var(${INLINE_HEIGHT_VAR}) / 2)`,
  } as CSSProperties;
}

/**
 * The box of an inline figure that broke out of the line: its own size, never wider than the
 * column (it then shrinks with its proportions), centred.
 */
export function brokenOutFigureStyle(figure: Figure): CSSProperties {
  return { width: figure.width ?? undefined, maxWidth: '100%' };
}

/**
 * Whether an inline figure breaks out of the line, from the text size around it: measured before
 * the first paint and again when the window changes (the text may grow on wider screens).
 */
function useInlineBreakOut(figure: Figure, altura: number | undefined, enabled: boolean) {
  const element = useRef<HTMLElement | null>(null);
  // A callback: the same ref goes on a button or a span.
  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  const [fontSize, setFontSize] = useState(DEFAULT_FONT_PX);
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      if (!element.current) return;
      const size = parseFloat(getComputedStyle(element.current).fontSize);
      if (Number.isFinite(size) && size > 0) setFontSize(size);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [enabled]);
  return { ref, breaksOut: enabled && inlineFigureBreaksOut(figure, fontSize, altura) };
}

/** Where a sideways scroller stands: whether it overflows, and whether more lies on each side. */
interface SidewaysScroll {
  overflowing: boolean;
  moreBefore: boolean;
  moreAfter: boolean;
}

const NO_SCROLL: SidewaysScroll = { overflowing: false, moreBefore: false, moreAfter: false };

/** Whether the element's content is wider than the element (it scrolls sideways), kept current. */
function useSidewaysScroll() {
  const ref = useRef<HTMLSpanElement>(null);
  const [scroll, setScroll] = useState<SidewaysScroll>(NO_SCROLL);
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    const overflowing = hidden > 1;
    const next = {
      overflowing,
      moreBefore: overflowing && element.scrollLeft > 1,
      moreAfter: overflowing && element.scrollLeft < hidden - 1,
    };
    setScroll((current) =>
      current.overflowing === next.overflowing &&
      current.moreBefore === next.moreBefore &&
      current.moreAfter === next.moreAfter
        ? current
        : next,
    );
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured at once too: ResizeObserver may be missing (older browsers, jsdom).
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, measure, ...scroll };
}

/** A shadow on the side of a wide figure where more of it lies; it fades once scrolled to that end. */
function EdgeShadow({ side, shown }: { side: 'start' | 'end'; shown: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-edge={side}
      // Opacity inline: it is the state, and it lets the fade run.
      style={{ opacity: shown ? 1 : 0 }}
      className={`pointer-events-none absolute top-0 bottom-1 w-8 from-slate-900/30 to-transparent transition-opacity duration-200 motion-reduce:transition-none ${
        side === 'start'
          ? 'left-0 rounded-l-lg bg-linear-to-r'
          : 'right-0 rounded-r-lg bg-linear-to-l'
      }`}
    />
  );
}

/** The button that opens an inline figure's zoom, in the line or out of it. */
function InlineZoomButton({
  ref,
  look,
  style,
  description,
  onClick,
  children,
}: {
  ref?: Ref<HTMLButtonElement>;
  look: string;
  style: CSSProperties;
  description: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      style={style}
      className={`${look} cursor-zoom-in hover:ring-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
      aria-label={`Ampliar figura: ${description}`}
    >
      {children}
    </button>
  );
}

/**
 * A figure in a statement, reference text or alternative, drawn on white (drawings assume a light
 * page). A click or tap, or Enter, opens it full screen with zoom and its description. A figure
 * whose readable width is more than its column's scrolls sideways in its own box, with a shadow on
 * the side where more of it lies and a hint below. An inline figure is sized to the line, or leaves
 * it as a small block when it is too tall for it.
 */
export function FigureImage({
  figure,
  description,
  inline = false,
  zoomable = true,
  minWidth,
  height,
  align = 'center',
  className,
}: FigureImageProps) {
  const [open, setOpen] = useState(false);
  /** The width the page drew the figure at when it was opened: the zoom starts at least there. */
  const [openedWidth, setOpenedWidth] = useState<number | undefined>(undefined);
  const openZoom = (event: MouseEvent<HTMLButtonElement>) => {
    const drawn = event.currentTarget.querySelector('img')?.getBoundingClientRect().width;
    setOpenedWidth(drawn || undefined);
    setOpen(true);
  };
  // Destructured: the state is read during render, the ref is not (react-hooks/refs).
  const { ref: scrollerRef, measure, overflowing, moreBefore, moreAfter } = useSidewaysScroll();
  // A mouse clicks; a finger taps.
  const touch = useMediaQuery('(pointer: coarse)');
  const { ref: inlineRef, breaksOut } = useInlineBreakOut(figure, height, inline);
  const image = (
    <img
      src={figure.url}
      alt={description}
      width={figure.width ?? undefined}
      height={figure.height ?? undefined}
      loading="lazy"
      decoding="async"
      onLoad={inline ? undefined : measure}
      // Inline: as tall as its box (sized to the line), as wide as its proportions make it.
      className={
        inline && !breaksOut
          ? 'block h-full w-auto max-w-full object-contain'
          : 'block h-auto w-full'
      }
    />
  );
  const dialog = open && (
    <FigureZoomDialog
      figure={figure}
      description={description}
      pageWidth={openedWidth}
      onClose={() => setOpen(false)}
    />
  );

  if (inline && breaksOut) {
    // Too tall for the line: a small block of its own, at its own size, centred; no frame or hint
    // of a figure on its own line, it still belongs to the sentence.
    const look = 'mx-auto block rounded-sm bg-white ring-1 ring-line';
    const style = brokenOutFigureStyle(figure);
    return (
      <span ref={inlineRef} className="my-2 block" data-inline-figure="bloco">
        {zoomable ? (
          <InlineZoomButton look={look} style={style} description={description} onClick={openZoom}>
            {image}
          </InlineZoomButton>
        ) : (
          <span style={style} className={look}>
            {image}
          </span>
        )}
        {dialog}
      </span>
    );
  }

  if (inline) {
    // No padding or border: the box is exactly the figure's height, so it does not push the
    // lines apart; the ring is a shadow, outside the layout.
    const look = `mx-0.5 inline-block max-w-full rounded-sm bg-white ring-1 ring-line ${className ?? ''}`;
    const style = inlineFigureStyle(figure, height);
    return zoomable ? (
      <>
        <InlineZoomButton
          ref={inlineRef}
          look={look}
          style={style}
          description={description}
          onClick={openZoom}
        >
          {image}
        </InlineZoomButton>
        {dialog}
      </>
    ) : (
      <span ref={inlineRef} style={style} className={look}>
        {image}
      </span>
    );
  }

  const frame = 'block overflow-hidden rounded-lg border border-line bg-white';
  const margin = align === 'center' ? 'mx-auto' : '';
  // Keyboard users scroll a wide figure once it has focus. Not inside a control (an alternative's
  // label), where nothing else may take focus; the alternative has its own zoom there.
  const scrollable = overflowing && zoomable;
  return (
    <span className={`block ${className ?? 'my-4'}`} data-figure={figure.assetId}>
      <span className="relative block">
        <span
          ref={scrollerRef}
          onScroll={measure}
          role={scrollable ? 'region' : undefined}
          aria-label={scrollable ? `Figura com rolagem lateral: ${description}` : undefined}
          tabIndex={scrollable ? 0 : undefined}
          className="block max-w-full overflow-x-auto overscroll-x-contain rounded-lg pb-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {zoomable ? (
            <button
              type="button"
              onClick={openZoom}
              style={figureSizeStyle(figure, minWidth)}
              className={`${frame} ${margin} cursor-zoom-in transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none`}
              aria-label={`Ampliar figura: ${description}`}
            >
              {image}
            </button>
          ) : (
            <span style={figureSizeStyle(figure, minWidth)} className={`${frame} ${margin}`}>
              {image}
            </span>
          )}
        </span>
        <EdgeShadow side="start" shown={moreBefore} />
        <EdgeShadow side="end" shown={moreAfter} />
      </span>
      {(overflowing || zoomable) && (
        <span
          aria-hidden="true"
          className="mt-1 flex flex-wrap items-center justify-center gap-x-3 gap-y-0.5 text-xs text-ink-muted"
        >
          {overflowing && (
            <span className="inline-flex items-center gap-1">
              <MoveHorizontal className="size-3.5 shrink-0" />
              Deslize para ver a figura inteira
            </span>
          )}
          {zoomable && (
            <span className="inline-flex items-center gap-1">
              <Maximize2 className="size-3.5 shrink-0" />
              {touch ? 'Toque na figura para ampliar' : 'Clique na figura para ampliar'}
            </span>
          )}
        </span>
      )}
      {dialog}
    </span>
  );
}
