import { CloudOff, RotateCw } from 'lucide-react';
import { Button } from './button';
import { StatePanel } from './state-panel';

interface QueryErrorProps {
  /** What failed, in the user's words (usually `errorMessage(query.error, fallback)`). */
  message: string;
  onRetry: () => void;
  /** The retry is running (e.g. `query.isFetching`). */
  retrying: boolean;
}

/** A failed load inside a page: the message and 'Tentar novamente'. */
export function QueryError({ message, onRetry, retrying }: QueryErrorProps) {
  return (
    <StatePanel
      icon={CloudOff}
      tone="error"
      action={
        <Button onClick={onRetry} busy={retrying} icon={RotateCw}>
          Tentar novamente
        </Button>
      }
    >
      {message}
    </StatePanel>
  );
}
