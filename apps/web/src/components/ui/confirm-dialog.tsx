import { TriangleAlert } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { Notice } from './notice';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen if the user confirms. */
  description: ReactNode;
  confirmLabel: string;
  /** Replaces the confirm label while `busy` (e.g. 'Resetando...'). */
  busyLabel?: string;
  cancelLabel?: string;
  /** 'danger' for actions that erase something. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** A failure to show inside the dialog (announced as an alert). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  finalFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Asks before an action. Focus starts on the cancel button, the safe choice; while the action runs
 * the dialog cannot be dismissed and the buttons keep focus but do nothing (aria-disabled).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancelar',
  tone = 'primary',
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  finalFocusRef,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const danger = tone === 'danger';

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      initialFocusRef={cancelRef}
      finalFocusRef={finalFocusRef}
      dismissible={!busy}
      icon={
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
            danger
              ? 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300'
              : 'bg-primary-soft text-primary-ink'
          }`}
        >
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
      }
    >
      {error && (
        <Notice tone="error" className="mt-5">
          {error}
        </Notice>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
        <Button
          ref={cancelRef}
          variant="secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onCancel();
          }}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        >
          {cancelLabel}
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
          className="w-full aria-disabled:cursor-progress sm:w-auto"
        >
          {busy && <Spinner className="size-4" inheritColor />}
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
