import { PATHS, pathTo } from '@gabarita/shared';
import type { HelpAccount } from '@gabarita/shared';
import { UserRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDate, formatDay, formatInteger } from '@/lib/formatters';

export const accountPath = (userId: string) => pathTo(PATHS.customerAccount, { userId });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

/** The sender's account beside the message: who they are to the product, and a way to open it. */
export function AccountCard({ account }: { account: HelpAccount | null }) {
  const headingId = useId();
  return (
    <Card as="aside" padding="sm" aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
        <UserRound className="size-4 text-ink-muted" aria-hidden="true" />
        Conta do cliente
      </h2>
      {account ? (
        <>
          <dl className="mt-4 space-y-3">
            <Fact label="Nome">{account.name}</Fact>
            <Fact label="E-mail">{account.email}</Fact>
            <Fact label="Plano">
              {account.accountType === 'premium'
                ? `Premium${account.planEndsOn ? ` até ${formatDay(account.planEndsOn)}` : ''}`
                : account.planEndsOn
                  ? `Gratuito (Premium terminou em ${formatDay(account.planEndsOn)})`
                  : 'Gratuito'}
            </Fact>
            <Fact label="Pacote de tokens">
              {account.packageTokens
                ? `${formatInteger(account.packageTokens.input)} de entrada · ${formatInteger(account.packageTokens.output)} de saída`
                : 'Nenhum'}
            </Fact>
            <Fact label="E-mail confirmado">{account.verified ? 'Sim' : 'Não'}</Fact>
            {account.blocked && <Fact label="Situação">Bloqueada</Fact>}
            <Fact label="Cliente desde">{formatDate(account.createdAt)}</Fact>
          </dl>
          <Link
            to={accountPath(account.userId)}
            className="mt-4 inline-block text-sm font-medium text-primary-ink underline underline-offset-2 hover:no-underline"
          >
            Abrir a conta
          </Link>
        </>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">Nenhuma conta encontrada para este endereço.</p>
      )}
    </Card>
  );
}
