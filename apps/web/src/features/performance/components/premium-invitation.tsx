import { PERFORMANCE_MESSAGES } from '@gabarita/shared';
import { ChartPie, ListTree, Table2 } from 'lucide-react';
import { PremiumInvitationCard } from '@/domain/plans/premium-invitation-card';

const FEATURES = [
  { icon: ChartPie, text: 'Quanto você estudou de cada disciplina' },
  { icon: ListTree, text: 'Acertos e erros por disciplina e por assunto' },
  { icon: Table2, text: 'Tabela completa com todos os números' },
] as const;

/** Bars of a sample chart, only for decoration. */
const PREVIEW_BARS = [86, 74, 61, 48, 35];

/** Free accounts: what the Premium statistics show, and the way to the plans. */
export function PremiumInvitation() {
  return (
    <PremiumInvitationCard
      id="convite-premium"
      title="Descubra onde você acerta mais e o que precisa revisar"
      message={PERFORMANCE_MESSAGES.premiumOnly}
      features={FEATURES}
      aside={
        <div
          aria-hidden="true"
          className="hidden rounded-xl border border-line bg-surface/80 p-4 shadow-sm md:block"
        >
          <div className="h-2 w-24 rounded bg-surface-muted" />
          <div className="mt-4 space-y-2.5">
            {PREVIEW_BARS.map((rate) => (
              <div key={rate} className="flex items-center gap-2">
                <div className="h-2 w-10 shrink-0 rounded bg-surface-muted" />
                <div className="flex h-3 flex-1 overflow-hidden rounded">
                  <div className="bg-chart-correct" style={{ width: `${rate}%` }} />
                  <div className="flex-1 bg-chart-wrong" />
                </div>
              </div>
            ))}
          </div>
        </div>
      }
    />
  );
}
