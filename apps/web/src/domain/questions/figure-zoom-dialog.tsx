import type { Figure } from '@gabarita/shared';
import { Minus, Plus, Ratio, Scan, X } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface Size {
  width: number;
  height: number;
}

/**
 * Scales are of the image's natural size (its pixels; an SVG's declared size): 1 is '100%'.
 *
 * Fitting never enlarges past 4×: a 17×33 px symbol becomes 68×132 px, enough to see every
 * detail, instead of filling the screen with a blur. Zooming goes up to 8× (or the fit, if larger):
 * a raster's pixel is then an 8 px block, an SVG's 12 px text 96 px. The client does not know an
 * image's format, so SVGs share these limits; they stay sharp at any scale (the browser draws them
 * at the size shown, and `pixelated` does not apply to them).
 */
export const MAX_FIT_UPSCALE = 4;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.5;
/** Space kept around the figure inside the viewport (px, each side). */
export const VIEWPORT_PADDING = 8;
/**
 * Images narrower than this (px) are symbols: enlarged, their pixels are drawn as sharp squares
 * rather than smoothed into a blur. Larger images (scans, charts) look better smoothed.
 */
export const PIXELATED_BELOW = 64;
const ARROW_STEP = 48;

/**
 * The scale at which the whole image fits the space available (the viewport less its padding), but
 * never more than `maxUpscale` times its natural size. Null while either size is unknown.
 */
export function fitScale(
  available: Size,
  natural: Size,
  maxUpscale: number = MAX_FIT_UPSCALE,
): number | null {
  if (available.width <= 0 || available.height <= 0 || !natural.width || !natural.height)
    return null;
  const fit = Math.min(available.width / natural.width, available.height / natural.height);
  if (fit <= 1) return fit;
  // Enlarged pixel art looks even only at whole multiples of its pixels.
  const capped = Math.min(fit, maxUpscale);
  return natural.width < PIXELATED_BELOW ? Math.max(1, Math.floor(capped)) : capped;
}

/** Text in the zoom of a figure whose text size is known is drawn at about this size (CSS px). */
export const ZOOM_TEXT_PX = 16;
/** The size at which `minWidth` draws a figure's smallest text (images.ts, readableText). */
const MIN_WIDTH_TEXT_PX = 12;

/**
 * The scale the zoom opens at: never smaller than the page drew the figure (`pageWidth`, CSS px),
 * and for a figure with text (a minimum width: its smallest text at 12 px there) large enough for
 * that text to be ~16 px; else the fit. At most `max`.
 */
export function openingScale(options: {
  fit: number;
  natural: Size;
  pageWidth?: number;
  minWidth?: number | null;
  max: number;
}): number {
  const { fit, natural, pageWidth, minWidth, max } = options;
  if (!natural.width) return fit;
  const page = pageWidth ? pageWidth / natural.width : 0;
  const readable = minWidth ? (minWidth * ZOOM_TEXT_PX) / MIN_WIDTH_TEXT_PX / natural.width : 0;
  return Math.min(max, Math.max(fit, page, readable));
}

/** How far one may zoom out (the fitted view, or 100% if smaller) and in (8×, or the fit). */
export function zoomLimits(fit: number): { min: number; max: number } {
  return { min: Math.min(fit, 1), max: Math.max(fit, MAX_ZOOM) };
}

/** Small symbols drawn larger than their pixels stay sharp; everything else is smoothed. */
export function imageRendering(natural: Size, scale: number): CSSProperties['imageRendering'] {
  return scale > 1 && natural.width > 0 && natural.width < PIXELATED_BELOW ? 'pixelated' : 'auto';
}

interface Anchor {
  /** Where the point is in the viewport (px). */
  x: number;
  y: number;
  /** Where it is on the figure (fractions of its size). */
  fx: number;
  fy: number;
}

/** The figure's point under `at` (viewport px; the centre by default). */
function anchorAt(
  viewport: HTMLElement,
  image: HTMLImageElement,
  at?: { x: number; y: number },
): Anchor {
  const box = viewport.getBoundingClientRect();
  const picture = image.getBoundingClientRect();
  const x = at?.x ?? viewport.clientWidth / 2;
  const y = at?.y ?? viewport.clientHeight / 2;
  return {
    x,
    y,
    fx: picture.width ? (box.left + x - picture.left) / picture.width : 0.5,
    fy: picture.height ? (box.top + y - picture.top) / picture.height : 0.5,
  };
}

/** The value once it has stopped changing for `delay` ms (what a screen reader is told). */
function useSettled<T>(value: T, delay: number): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface FigureZoomDialogProps {
  figure: Figure;
  description: string;
  /** How wide the page drew the figure when it was opened (CSS px): the zoom opens at least so. */
  pageWidth?: number;
  onClose: () => void;
}

/**
 * A figure full screen, with its description. It opens fitted to the space left by the title,
 * description and toolbar, and follows that space while the window changes. Zoom with the buttons,
 * the keys (+, -, 0 fits, 1 is the real size), the mouse wheel, a trackpad pinch or two fingers,
 * around the pointer; move around by dragging, scrolling or with the arrow keys. Escape closes.
 */
export function FigureZoomDialog({
  figure,
  description,
  pageWidth,
  onClose,
}: FigureZoomDialogProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size>({
    width: figure.width ?? 0,
    height: figure.height ?? 0,
  });
  /** The scale the reader chose; null: fitted to the screen, following its size. */
  const [zoom, setZoom] = useState<number | null>(null);
  /** Whether the reader has zoomed: only then is the scale announced. */
  const [zoomed, setZoomed] = useState(false);
  /** A point of the figure that must stay put across a zoom. */
  const anchor = useRef<Anchor | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);

  const available = {
    width: viewport.width - 2 * VIEWPORT_PADDING,
    height: viewport.height - 2 * VIEWPORT_PADDING,
  };
  // Until the viewport is measured (or the image's size known), the image is shown at its size.
  const fit = fitScale(available, natural) ?? 1;
  const { min, max } = zoomLimits(fit);
  const clamp = useCallback((value: number) => Math.min(max, Math.max(min, value)), [min, max]);
  // Opens at least as large as the page drew it, text-bearing figures at a readable size.
  const opening = clamp(openingScale({ fit, natural, pageWidth, minWidth: figure.minWidth, max }));
  const scale = zoom === null ? opening : clamp(zoom);

  // Measured before the first paint, so the figure never shows at the wrong size.
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  const zoomTo = (next: number, at?: { x: number; y: number }) => {
    const target = clamp(next);
    if (Math.abs(target - scale) < 1e-6) return;
    if (viewportRef.current && imageRef.current)
      anchor.current = anchorAt(viewportRef.current, imageRef.current, at);
    setZoom(target);
    setZoomed(true);
  };
  const fitToScreen = () => {
    anchor.current = null;
    setZoom(null);
    setZoomed(true);
  };

  // Keep the held point under the pointer (or at the centre) once the figure has its new size.
  useLayoutEffect(() => {
    const element = viewportRef.current;
    const image = imageRef.current;
    const point = anchor.current;
    if (!element || !image || !point) return;
    anchor.current = null;
    element.scrollLeft = image.offsetLeft + point.fx * image.offsetWidth - point.x;
    element.scrollTop = image.offsetTop + point.fy * image.offsetHeight - point.y;
  }, [scale]);

  // The wheel zooms (a trackpad pinch arrives as a wheel with ctrlKey); it must not scroll the page.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      if (imageRef.current) {
        anchor.current = anchorAt(element, imageRef.current, {
          x: event.clientX - box.left,
          y: event.clientY - box.top,
        });
      }
      // From the latest scale: several wheel events may arrive before the next render.
      setZoom((current) => clamp((current ?? fit) * factor));
      setZoomed(true);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [clamp, fit]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture(event.pointerId);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const element = event.currentTarget;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      const box = element.getBoundingClientRect();
      zoomTo(pinch.current.scale * (Math.hypot(a.x - b.x, a.y - b.y) / pinch.current.distance), {
        x: (a.x + b.x) / 2 - box.left,
        y: (a.y + b.y) / 2 - box.top,
      });
    } else if (pointers.current.size === 1) {
      // Dragging moves the figure.
      element.scrollLeft -= event.clientX - previous.x;
      element.scrollTop -= event.clientY - previous.y;
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const element = viewportRef.current;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-ARROW_STEP, 0],
      ArrowRight: [ARROW_STEP, 0],
      ArrowUp: [0, -ARROW_STEP],
      ArrowDown: [0, ARROW_STEP],
    };
    const move = arrows[event.key];
    if (move) {
      // Only on the figure: elsewhere (the toolbar's buttons) arrows keep their own meaning.
      if (event.target !== element || !element) return;
      element.scrollLeft += move[0];
      element.scrollTop += move[1];
    } else if (event.key === '+' || event.key === '=') zoomTo(scale * ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomTo(scale / ZOOM_STEP);
    else if (event.key === '0') fitToScreen();
    else if (event.key === '1') zoomTo(1);
    else return;
    event.preventDefault();
  };

  // Whole pixels, rounded down: the fitted figure never overflows by a fraction and scrolls.
  const drawn =
    natural.width && natural.height
      ? {
          width: Math.max(1, Math.floor(natural.width * scale)),
          height: Math.max(1, Math.floor(natural.height * scale)),
        }
      : null;
  const percent = Math.round(scale * 100);
  const fitted = zoom === null || Math.abs(scale - fit) < 1e-6;
  const announced = useSettled(percent, 400);
  return (
    <Modal
      open
      onClose={onClose}
      fullScreen
      title="Figura ampliada"
      description={description}
      initialFocusRef={viewportRef}
      headerAction={
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Fechar figura">
          <X className="size-5" aria-hidden="true" />
        </Button>
      }
    >
      {/* The keys of the figure and of its zoom buttons, handled in one place. */}
      <div
        role="presentation"
        className="mt-3 flex min-h-0 flex-1 flex-col gap-3"
        onKeyDown={onKeyDown}
      >
        <div
          ref={viewportRef}
          tabIndex={0}
          role="group"
          aria-roledescription="figura ampliável"
          aria-label={`${description} (+ e - ampliam e reduzem, 0 ajusta à tela, 1 mostra o tamanho real, as setas movem)`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onDoubleClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            if (scale > fit * 1.01) fitToScreen();
            else
              zoomTo(Math.max(fit * 2, 1), {
                x: event.clientX - box.left,
                y: event.clientY - box.top,
              });
          }}
          className="relative min-h-0 flex-1 touch-none select-none overflow-auto overscroll-contain rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-ring dark:bg-slate-900"
        >
          {/* Centred with auto margins, so a figure larger than the screen scrolls to every side. */}
          <div className="flex min-h-full w-max min-w-full" style={{ padding: VIEWPORT_PADDING }}>
            <img
              ref={imageRef}
              src={figure.zoomUrl ?? figure.url}
              alt=""
              draggable={false}
              onLoad={(event) => {
                // The original (zoomUrl) may be larger than the page version the sizes describe.
                const image = event.currentTarget;
                if ((figure.zoomUrl || !natural.width) && image.naturalWidth)
                  setNatural({ width: image.naturalWidth, height: image.naturalHeight });
              }}
              style={{
                width: drawn?.width,
                height: drawn?.height,
                maxWidth: 'none',
                imageRendering: imageRendering(natural, scale),
              }}
              className="m-auto rounded bg-white shadow-sm"
            />
          </div>
        </div>
        <div
          className="flex flex-wrap items-center justify-center gap-2"
          role="toolbar"
          aria-label="Zoom"
        >
          <Button
            variant="secondary"
            size="icon"
            onClick={() => zoomTo(scale / ZOOM_STEP)}
            disabled={scale <= min + 1e-6}
            aria-label="Diminuir zoom"
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          {/* 100% is the image's own size; the change is announced once it settles (below). */}
          <span className="w-14 text-center text-sm font-semibold tabular-nums text-ink">
            {percent}%
          </span>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => zoomTo(scale * ZOOM_STEP)}
            disabled={scale >= max - 1e-6}
            aria-label="Aumentar zoom"
          >
            <Plus className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" icon={Scan} onClick={fitToScreen} disabled={fitted}>
            Ajustar à tela
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={Ratio}
            onClick={() => zoomTo(1)}
            disabled={Math.abs(scale - 1) < 1e-6}
          >
            Tamanho real
          </Button>
        </div>
        <span role="status" className="sr-only">
          {zoomed && announced !== null ? `Zoom em ${announced}%` : ''}
        </span>
      </div>
    </Modal>
  );
}
