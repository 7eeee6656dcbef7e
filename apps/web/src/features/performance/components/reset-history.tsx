import { PERFORMANCE_MESSAGES } from '@gabarita/shared';
import { RotateCcw } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useResetHistory } from '../api/performance-api';

/**
 * 'Resetar Meu Histórico' and its confirmation. The button shows only while there is something to
 * erase; after a reset it disappears with the numbers, so focus goes to `finalFocusRef` (the page
 * title). The dialog stays mounted either way, to finish its own closing.
 */
export function ResetHistory({
  canReset,
  finalFocusRef,
  onReset,
}: {
  canReset: boolean;
  finalFocusRef: RefObject<HTMLElement | null>;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const reset = useResetHistory();

  return (
    <>
      {canReset && (
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => {
            reset.reset();
            setOpen(true);
          }}
        >
          <RotateCcw className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
          {PERFORMANCE_MESSAGES.resetButton}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        tone="danger"
        title="Resetar seu histórico?"
        description="Todas as suas respostas e as provas abertas serão apagadas, e suas estatísticas voltarão a zero. Esta ação não pode ser desfeita."
        confirmLabel="Resetar histórico"
        busyLabel="Resetando..."
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, PERFORMANCE_MESSAGES.resetFailed) : null}
        finalFocusRef={finalFocusRef}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              onReset();
            },
          })
        }
      />
    </>
  );
}
