import { daysRemainingLabel, type PlansResponse } from '@gabarita/shared';
import { Coins, Crown } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatInteger } from '@/lib/formatters';

/** What the user has now (plan end, package balance), so nobody buys blind. */
export function CurrentHoldings({ current }: { current: NonNullable<PlansResponse['current']> }) {
  const premium = current.accountType === 'premium' && current.plan.endsAt;
  const { input, output } = current.packageBalance;
  const hasPackage = input > 0 && output > 0;
  return (
    <Card as="section" padding="sm" aria-label="Sua situação atual">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
            <Crown className="size-4" aria-hidden="true" />
          </span>
          <dl className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">
              Seu plano
            </dt>
            <dd className="mt-0.5 text-sm font-medium text-ink">
              {premium ? (
                <>
                  Premium até {formatDateTime(current.plan.endsAt!)}{' '}
                  <span className="text-ink-muted">
                    ({daysRemainingLabel(current.plan.daysRemaining)})
                  </span>
                  <span className="mt-0.5 block text-xs font-normal text-ink-muted">
                    Um novo plano começa quando o atual terminar.
                  </span>
                </>
              ) : (
                'Conta Gratuita'
              )}
            </dd>
          </dl>
        </div>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
            <Coins className="size-4" aria-hidden="true" />
          </span>
          <dl className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">
              Pacote de tokens
            </dt>
            <dd className="mt-0.5 text-sm font-medium text-ink">
              {hasPackage
                ? `${formatInteger(input)} de entrada · ${formatInteger(output)} de saída`
                : 'Nenhum pacote ativo'}
            </dd>
          </dl>
        </div>
      </div>
    </Card>
  );
}
