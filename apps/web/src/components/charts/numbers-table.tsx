import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

export const TH = 'px-2 py-2 text-left text-xs font-semibold text-ink-muted sm:px-3';
export const TD = 'px-2 py-2 text-sm tabular-nums text-ink sm:px-3';

export function ChartFallback() {
  return (
    <div role="status" className="flex h-56 items-center justify-center">
      <Spinner className="size-5" />
      <span className="sr-only">Carregando gráfico...</span>
    </div>
  );
}

/** A table of the same numbers, open on request (a details element: keyboard and reader friendly). */
export function NumbersTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <details className="rounded-lg border border-line">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-primary-ink">
        Ver os números em tabela
      </summary>
      <div
        role="region"
        className="overflow-x-auto border-t border-line"
        tabIndex={0}
        aria-label={caption}
      >
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}
