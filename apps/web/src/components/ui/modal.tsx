import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]'),
  );
}

export interface ModalProps {
  open: boolean;
  /** Escape, a click on the backdrop; not called while `dismissible` is false. */
  onClose: () => void;
  title: ReactNode;
  /** Read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Receives focus when the dialog opens (default: the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Receives focus when the dialog closes and the element that opened it is gone (e.g. the action
   * emptied the page). Otherwise focus returns to the opener.
   */
  finalFocusRef?: RefObject<HTMLElement | null>;
  /** False while an action is running: Escape and the backdrop do nothing. */
  dismissible?: boolean;
  /** Optional icon shown before the title. */
  icon?: ReactNode;
  /** The whole screen (e.g. a zoomed figure) instead of a centred panel. */
  fullScreen?: boolean;
  /** Shown at the end of the title row (e.g. a close button). */
  headerAction?: ReactNode;
}

/**
 * A modal dialog: rendered over the page (which becomes inert), focus moves in and cycles inside
 * with Tab/Shift+Tab, Escape closes, and focus goes back where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  initialFocusRef,
  finalFocusRef,
  dismissible = true,
  icon,
  fullScreen = false,
  headerAction,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const finalFocusHolder = useRef(finalFocusRef);

  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    finalFocusHolder.current = finalFocusRef;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const overlay = overlayRef.current;

    // Everything else on the page is out of reach while the dialog is open.
    const madeInert: Element[] = [];
    for (const element of document.body.children) {
      if (element === overlay || element.hasAttribute('inert')) continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const first = initialFocusRef?.current ?? (panel ? focusableIn(panel)[0] : undefined);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = focusableIn(panel);
      const firstElement = focusable[0];
      const lastElement = focusable[focusable.length - 1];
      if (!firstElement || !lastElement) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const outside = !panel.contains(active);
      if (event.shiftKey && (active === firstElement || active === panel || outside)) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || outside)) {
        event.preventDefault();
        firstElement.focus();
      }
    };
    // Focus that lands outside (a click on the backdrop, assistive technology) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (panel && event.target instanceof Node && !panel.contains(event.target)) {
        (focusableIn(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      // Read now, not at opening: the fallback may have been rendered since.
      const target = opener?.isConnected ? opener : finalFocusHolder.current?.current;
      target?.focus();
    };
    // The refs are read once per opening on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    // The backdrop only closes on a click outside; the dialog inside handles the keyboard.
    <div
      role="presentation"
      ref={overlayRef}
      className={
        fullScreen
          ? 'fixed inset-0 z-[60] flex bg-slate-950/55'
          : 'fixed inset-0 z-[60] flex items-end justify-center overflow-y-auto bg-slate-950/55 p-3 backdrop-blur-[2px] sm:items-center sm:p-6'
      }
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissibleRef.current) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={
          fullScreen
            ? 'flex h-full w-full flex-col bg-surface p-3 focus-visible:outline-none sm:p-4'
            : 'w-full max-w-md rounded-2xl border border-line bg-surface p-5 shadow-2xl shadow-slate-900/20 focus-visible:outline-none sm:p-6 dark:shadow-black/60'
        }
      >
        <div className="flex items-start gap-4">
          {icon}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold leading-7 text-ink">
              {title}
            </h2>
            {description && (
              <div
                id={descriptionId}
                // A long description scrolls in its box; keyboard users can scroll it too.
                // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- axe: scrollable-region-focusable
                tabIndex={fullScreen ? 0 : undefined}
                className={`mt-1.5 text-sm leading-6 text-ink-muted ${fullScreen ? 'max-h-24 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-ring' : ''}`}
              >
                {description}
              </div>
            )}
          </div>
          {headerAction}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
