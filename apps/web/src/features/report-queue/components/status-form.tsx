import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportStatus } from '@gabarita/shared';
import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useChangeReportStatus } from '../api/report-queue-api';

const STATUS_CHANGE_FAILED = 'Não foi possível alterar a situação. Tente novamente.';

/** The report's status as radio buttons, saved with 'Salvar situação'. */
export function StatusForm({ reportId, current }: { reportId: string; current: ReportStatus }) {
  const change = useChangeReportStatus(reportId);
  const name = useId();
  const [chosen, setChosen] = useState(current);
  const [lastCurrent, setLastCurrent] = useState(current);
  // The saved status changed (this form, another editor): the choice follows it.
  if (lastCurrent !== current) {
    setLastCurrent(current);
    setChosen(current);
  }

  const unchanged = chosen === current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged && !change.isPending) change.mutate(chosen);
  };

  return (
    <form onSubmit={submit} aria-busy={change.isPending || undefined}>
      <fieldset className="min-w-0" disabled={change.isPending}>
        <legend className="sr-only">Situação do reporte</legend>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {REPORT_STATUSES.map((status) => (
            <label
              key={status}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-line px-3 py-2 text-sm font-medium text-ink transition-colors hover:bg-surface-muted has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft has-[input:disabled]:cursor-not-allowed motion-reduce:transition-none"
            >
              <input
                type="radio"
                name={name}
                value={status}
                checked={chosen === status}
                onChange={() => {
                  setChosen(status);
                  change.reset();
                }}
                className="size-4 shrink-0 accent-primary"
              />
              {REPORT_STATUS_LABELS[status]}
            </label>
          ))}
        </div>
      </fieldset>
      {/* aria-disabled, not disabled: the button keeps the focus while it saves and after. */}
      <Button
        type="submit"
        variant="secondary"
        aria-disabled={unchanged || change.isPending || undefined}
        className="mt-4 w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
      >
        {change.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Save className="size-4" aria-hidden="true" />
        )}
        {change.isPending ? 'Salvando...' : 'Salvar situação'}
      </Button>
      {change.isSuccess && (
        <Notice tone="success" className="mt-4">
          {change.data.message}
        </Notice>
      )}
      {change.isError && (
        <Notice tone="error" className="mt-4">
          {errorMessage(change.error, STATUS_CHANGE_FAILED)}
        </Notice>
      )}
    </form>
  );
}
