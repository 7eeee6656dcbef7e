import { RETENTION_MIN_REVIEWS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { Brain } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { retentionQueryOptions } from '@/domain/review/review-api';
import { errorMessage } from '@/lib/api-client';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * 'Retenção na revisão': per discipline, the share of the last 30 days' reviews remembered (not
 * Errei), against the desired retention (docs/product-rules.md, "Review").
 */
export function RetentionSection() {
  const retention = useQuery(retentionQueryOptions);
  if (retention.isPending) return null;
  if (retention.isError) {
    return (
      <QueryError
        message={errorMessage(retention.error, 'Não foi possível carregar a sua retenção.')}
        onRetry={() => void retention.refetch()}
        retrying={retention.isFetching}
      />
    );
  }
  const { desiredRetention, windowDays, disciplines } = retention.data;
  return (
    <Card as="section" aria-labelledby="retencao">
      <h2 id="retencao" className="flex items-center gap-2 text-base font-semibold text-ink">
        <Brain className="size-5 text-primary-ink" aria-hidden="true" /> Retenção na revisão
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Quanto você lembrou nas revisões dos últimos {windowDays} dias, por disciplina. A sua meta é{' '}
        {percent(desiredRetention)}; com menos de {RETENTION_MIN_REVIEWS} revisões, a disciplina
        ainda não é comparada a ela.
      </p>
      {disciplines.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">
          Nenhuma revisão nos últimos {windowDays} dias.
        </p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-xs text-ink-muted">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Disciplina
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Revisões
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Lembradas
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Meta
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {disciplines.map((row) => {
              const share = row.remembered / row.reviews;
              // Too few reviews to judge: the share is shown without a verdict.
              const judged = row.reviews >= RETENTION_MIN_REVIEWS;
              const below = share < desiredRetention;
              const tone = !judged
                ? 'text-ink'
                : below
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-emerald-700 dark:text-emerald-400';
              return (
                <tr key={row.code}>
                  <th scope="row" className="py-2 font-medium text-ink">
                    {row.name}
                  </th>
                  <td className="py-2 text-right tabular-nums">{row.reviews}</td>
                  <td className={`py-2 text-right font-semibold tabular-nums ${tone}`}>
                    {percent(share)}
                    {judged ? (
                      <span className="sr-only">{below ? ', abaixo da meta' : ', na meta'}</span>
                    ) : (
                      <span className="block text-xs font-normal text-ink-muted">
                        poucas revisões
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right tabular-nums text-ink-muted">
                    {percent(desiredRetention)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}
