import type { Figure } from '@gabarita/shared';
import { Minus, Plus, Scan, X } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

const MIN_SCALE = 1;
const MAX_SCALE = 8;
const STEP = 1.5;

const clamp = (value: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, value));

interface Size {
  width: number;
  height: number;
}

/** How wide the figure is drawn at scale 1: the whole figure fits the viewport. */
function fitWidth(viewport: Size, natural: Size): number {
  if (!viewport.width || !viewport.height || !natural.width || !natural.height)
    return viewport.width;
  return Math.min(viewport.width / natural.width, viewport.height / natural.height) * natural.width;
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

interface FigureZoomDialogProps {
  figure: Figure;
  description: string;
  onClose: () => void;
}

/**
 * A figure full screen, with its description. Zoom with the buttons, the + and - keys, the mouse
 * wheel or two fingers; move around by dragging, scrolling or with the arrow keys. Escape closes.
 */
export function FigureZoomDialog({ figure, description, onClose }: FigureZoomDialogProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size>({
    width: figure.width ?? 0,
    height: figure.height ?? 0,
  });
  const [scale, setScale] = useState(1);
  /** A point of the figure that must stay put across a zoom. */
  const anchor = useRef<Anchor | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoomTo = (next: number, at?: { x: number; y: number }) => {
    const target = clamp(next);
    if (target === scale) return;
    if (viewportRef.current && imageRef.current)
      anchor.current = anchorAt(viewportRef.current, imageRef.current, at);
    setScale(target);
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
      setScale((current) => clamp(current * factor));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

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
    if (event.key === '+' || event.key === '=') zoomTo(scale * STEP);
    else if (event.key === '-' || event.key === '_') zoomTo(scale / STEP);
    else if (event.key === '0') zoomTo(1);
    else return;
    event.preventDefault();
  };

  const width = Math.round(fitWidth(viewport, natural) * scale);
  const percent = Math.round(scale * 100);
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
          aria-label={`${description} (use + e - para ampliar e as setas para mover)`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onDoubleClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            zoomTo(scale > 1 ? 1 : 2.5, {
              x: event.clientX - box.left,
              y: event.clientY - box.top,
            });
          }}
          className="relative min-h-0 flex-1 touch-none select-none overflow-auto overscroll-contain rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-ring dark:bg-slate-900"
        >
          {/* Centred with auto margins, so a figure larger than the screen scrolls to every side. */}
          <div className="flex min-h-full w-max min-w-full p-2">
            <img
              ref={imageRef}
              src={figure.zoomUrl ?? figure.url}
              alt=""
              draggable={false}
              onLoad={(event) => {
                const image = event.currentTarget;
                if (!natural.width && image.naturalWidth)
                  setNatural({ width: image.naturalWidth, height: image.naturalHeight });
              }}
              style={{ width: width > 0 ? width : undefined, maxWidth: 'none' }}
              className="m-auto h-auto rounded bg-white shadow-sm"
            />
          </div>
        </div>
        <div className="flex items-center justify-center gap-2" role="toolbar" aria-label="Zoom">
          <Button
            variant="secondary"
            size="icon"
            onClick={() => zoomTo(scale / STEP)}
            disabled={scale <= MIN_SCALE}
            aria-label="Diminuir zoom"
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <span
            className="w-16 text-center text-sm font-semibold tabular-nums text-ink"
            aria-live="polite"
          >
            {percent}%
          </span>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => zoomTo(scale * STEP)}
            disabled={scale >= MAX_SCALE}
            aria-label="Aumentar zoom"
          >
            <Plus className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={Scan}
            onClick={() => zoomTo(1)}
            disabled={scale === 1}
          >
            Ajustar à tela
          </Button>
        </div>
      </div>
    </Modal>
  );
}
