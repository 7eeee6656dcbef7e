import type { TokenBalance } from '@gabarita/shared';
import { Coins } from 'lucide-react';
import { formatInteger } from '@/lib/formatters';

/** What the user may still spend: today's Premium quota and the package, live after each call. */
export function TokenCounter({ balance }: { balance: TokenBalance }) {
  return (
    <section
      aria-label="Contador de tokens"
      className="flex flex-wrap items-center gap-x-6 gap-y-1 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink-muted"
    >
      <span className="flex items-center gap-2 font-medium text-ink">
        <Coins className="size-4 text-primary-ink" aria-hidden="true" />
        Tokens
      </span>
      {balance.daily && (
        <span className="tabular-nums">
          Hoje: {formatInteger(balance.daily.remaining.input)} de entrada ·{' '}
          {formatInteger(balance.daily.remaining.output)} de saída
        </span>
      )}
      {balance.package && (
        <span className="tabular-nums">
          Pacote: {formatInteger(balance.package.input)} de entrada ·{' '}
          {formatInteger(balance.package.output)} de saída
        </span>
      )}
    </section>
  );
}
