import type { HelpRequestStatus } from '@gabarita/shared';
import { Archive, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { useChangeHelpStatus } from '../api/help-inbox-api';

const STATUS_FAILED = 'Não foi possível alterar a situação. Tente novamente.';

/** 'Encerrar' an open message, 'Reabrir' a closed one (it goes back to 'Novo'). */
export function StatusActions({
  requestId,
  status,
}: {
  requestId: string;
  status: HelpRequestStatus;
}) {
  const change = useChangeHelpStatus(requestId);
  const closed = status === 'closed';
  return (
    <div>
      {/* aria-disabled, not disabled: the button keeps the focus while it saves and after. */}
      <Button
        variant="secondary"
        icon={closed ? RotateCcw : Archive}
        aria-disabled={change.isPending || undefined}
        className="aria-disabled:cursor-progress aria-disabled:opacity-60"
        onClick={() => {
          if (!change.isPending) change.mutate(closed ? 'new' : 'closed');
        }}
      >
        {closed ? 'Reabrir' : 'Encerrar'}
      </Button>
      {change.isSuccess && (
        <Notice tone="success" className="mt-3">
          {change.data.message}
        </Notice>
      )}
      {change.isError && (
        <Notice tone="error" className="mt-3">
          {errorMessage(change.error, STATUS_FAILED)}
        </Notice>
      )}
    </div>
  );
}
