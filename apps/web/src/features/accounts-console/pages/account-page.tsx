import { ArrowLeft, Ban, Coins, Crown, LockOpen, LogOut, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  type AccountDetail,
  PAYMENT_STATUS_LABELS,
  PREMIUM_GRANT_MAX_DAYS,
  TOKEN_GRANT_MAX_PACKAGES,
  TOKEN_PACKAGE,
  PATHS,
} from '@gabarita/shared';
import { FactCard, FactList } from '@/components/ui/fact-card';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/domain/session/session';
import { errorMessage } from '@/lib/api-client';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatInteger,
  formatPrice,
} from '@/lib/formatters';
import { useAccountDetail } from '../api/accounts-console-api';
import { AccountActionForm } from '../components/account-action-form';
import { PROVIDER_LABELS, ROLE_LABELS } from '../account-labels';

const LOAD_FAILED = 'Não foi possível carregar a conta. Tente novamente.';

function planText(detail: AccountDetail) {
  const { plan, account } = detail;
  if (!plan.endsOn) return 'Gratuito (nunca teve Premium)';
  if (account.accountType === 'premium') return `Premium até ${formatDay(plan.endsOn)}`;
  return `Gratuito (Premium venceu em ${formatDay(plan.endsOn)})`;
}

function tokenPair(pair: { input: number; output: number }) {
  return `${formatInteger(pair.input)} de entrada e ${formatInteger(pair.output)} de saída`;
}

function Purchases({ detail }: { detail: AccountDetail }) {
  if (detail.purchases.length === 0)
    return <p className="text-sm text-ink-muted">Nenhuma compra.</p>;
  return (
    // Wider than a phone: the table scrolls sideways, so it takes the focus to scroll by keyboard.
    <div role="region" aria-label="Tabela de compras" tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-ink-muted">
          <tr>
            <th className="py-1 pr-4 font-medium">Produto</th>
            <th className="py-1 pr-4 font-medium">Valor</th>
            <th className="py-1 pr-4 font-medium">Situação</th>
            <th className="py-1 pr-4 font-medium">Criada em</th>
            <th className="py-1 font-medium">Paga em</th>
          </tr>
        </thead>
        <tbody>
          {detail.purchases.map((purchase) => (
            <tr key={purchase.id} className="border-t border-line">
              <td className="py-1.5 pr-4">
                {purchase.productType === 'plan' ? 'Plano' : 'Pacote'} {purchase.productName}
              </td>
              <td className="py-1.5 pr-4 tabular-nums">{formatPrice(purchase.priceCentavos)}</td>
              <td className="py-1.5 pr-4">
                {PAYMENT_STATUS_LABELS[purchase.status as keyof typeof PAYMENT_STATUS_LABELS] ??
                  purchase.status}
              </td>
              <td className="py-1.5 pr-4">{formatDateTime(purchase.createdAt)}</td>
              <td className="py-1.5">{purchase.paidAt ? formatDateTime(purchase.paidAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ActionSpec {
  key: string;
  element: ReactNode;
}

/** The actions this staff member may take: support a few, admins all (docs/product-rules.md). */
function actionsFor(detail: AccountDetail, isAdmin: boolean): ActionSpec[] {
  const { account } = detail;
  const userId = account.id;
  const action = (
    key: string,
    props: Omit<Parameters<typeof AccountActionForm>[0], 'userId'>,
  ): ActionSpec => ({ key, element: <AccountActionForm userId={userId} {...props} /> });
  const packageLimit = isAdmin ? TOKEN_GRANT_MAX_PACKAGES : detail.supportPackageLimit;
  const list: ActionSpec[] = [];
  if (isAdmin) {
    list.push(
      action('premium', {
        kind: 'premium',
        title: 'Conceder Premium',
        description: 'Dias somados ao fim do plano ativo, ou a partir de hoje.',
        submitLabel: 'Conceder dias',
        icon: Crown,
        amount: { field: 'dias', label: 'Dias', max: PREMIUM_GRANT_MAX_DAYS },
      }),
    );
  }
  if (packageLimit > 0) {
    list.push(
      action('tokens', {
        kind: 'tokens',
        title: 'Conceder tokens',
        description: `Pacotes '${TOKEN_PACKAGE.name}': ${tokenPair({ input: TOKEN_PACKAGE.inputTokens, output: TOKEN_PACKAGE.outputTokens })} cada.`,
        submitLabel: 'Conceder pacotes',
        icon: Coins,
        amount: {
          field: 'pacotes',
          label: 'Pacotes',
          max: packageLimit,
          hint: `No máximo ${packageLimit} por vez.`,
        },
      }),
    );
  }
  if (account.provider === 'password' && !account.verified) {
    list.push(
      action('resend', {
        kind: 'resend-verification',
        title: 'Reenviar verificação',
        description: `Um novo link de confirmação vai para ${account.email}.`,
        submitLabel: 'Reenviar e-mail',
        icon: MailCheck,
      }),
    );
  }
  list.push(
    action('end-sessions', {
      kind: 'end-sessions',
      title: 'Encerrar sessões',
      description: 'A conta sai de todos os dispositivos; pode entrar de novo em seguida.',
      submitLabel: 'Encerrar todas as sessões',
      icon: LogOut,
    }),
  );
  if (isAdmin) {
    list.push(
      account.blocked
        ? action('unblock', {
            kind: 'unblock',
            title: 'Desbloquear conta',
            description: 'A conta volta a poder entrar.',
            submitLabel: 'Desbloquear',
            icon: LockOpen,
          })
        : action('block', {
            kind: 'block',
            title: 'Bloquear conta',
            description:
              'A conta não consegue mais entrar (senha ou Google) e sai de todos os dispositivos na hora. O motivo aparece para ela ao tentar entrar.',
            submitLabel: 'Bloquear',
            icon: Ban,
            danger: true,
          }),
    );
  }
  return list;
}

function AccountView({ detail, isAdmin }: { detail: AccountDetail; isAdmin: boolean }) {
  const { account, tokens, counts } = detail;
  return (
    <div className="space-y-5">
      {account.blocked && (
        <Notice tone="warning">
          Conta bloqueada
          {account.blockedAt && <> em {formatDateTime(account.blockedAt)}</>}. Motivo:{' '}
          {account.blockedReason}
        </Notice>
      )}
      <FactCard title="Dados da conta">
        <FactList
          rows={[
            ['E-mail', account.email],
            [
              'Verificação',
              account.emailVerifiedAt
                ? `Verificado em ${formatDate(account.emailVerifiedAt)}`
                : 'E-mail não verificado',
            ],
            ['Forma de entrar', PROVIDER_LABELS[account.provider]],
            ['Papel', ROLE_LABELS[account.role]],
            ['Plano', planText(detail)],
            ['Criada em', formatDateTime(account.createdAt)],
            ['Último acesso', account.lastSeenAt ? formatDateTime(account.lastSeenAt) : '—'],
            ['Sessões ativas', formatInteger(counts.liveSessions)],
          ]}
        />
      </FactCard>
      <FactCard title="Tokens">
        <FactList
          rows={[
            ['Pacote', tokens.package ? tokenPair(tokens.package) : 'Sem pacote'],
            ['Cota de hoje', tokens.daily ? `${tokenPair(tokens.daily.remaining)} restantes` : '—'],
            [
              'Uso no mês',
              tokenPair({
                input: tokens.usage.currentMonth.inputTokens,
                output: tokens.usage.currentMonth.outputTokens,
              }),
            ],
            [
              'Uso total',
              tokenPair({
                input: tokens.usage.lifetime.inputTokens,
                output: tokens.usage.lifetime.outputTokens,
              }),
            ],
          ]}
        />
      </FactCard>
      <FactCard title="Compras">
        <Purchases detail={detail} />
      </FactCard>
      <FactCard title="Atividade">
        <FactList
          rows={[
            ['Questões respondidas', formatInteger(counts.answers)],
            ['Reportes de erro', formatInteger(counts.errorReports)],
            [
              'Mensagens de ajuda',
              <Link key="help" to={PATHS.helpInbox.path} className="text-primary-ink underline">
                {formatInteger(counts.helpRequests)}
              </Link>,
            ],
          ]}
        />
      </FactCard>
      <section aria-labelledby="account-actions" className="space-y-3">
        <h2 id="account-actions" className="text-lg font-semibold text-ink">
          Ações
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {actionsFor(detail, isAdmin).map(({ key, element }) => (
            <div key={key}>{element}</div>
          ))}
        </div>
      </section>
    </div>
  );
}

/** /admin/contas/:userId: one account as support and admins see it, with the actions the role has. */
export default function AccountPage() {
  const { userId = '' } = useParams();
  const role = useSession().data?.user?.role;
  const detail = useAccountDetail(userId);
  return (
    <Page
      title={detail.data?.account.name ?? 'Conta'}
      description={detail.data?.account.email}
      actions={
        <Link
          to={PATHS.customerAccounts.path}
          className="flex items-center gap-1 text-sm text-primary-ink"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Voltar para Contas
        </Link>
      }
    >
      {detail.isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="size-6" />
          <span className="sr-only">Carregando conta...</span>
        </div>
      ) : detail.isError ? (
        <QueryError
          message={errorMessage(detail.error, LOAD_FAILED)}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : (
        <AccountView detail={detail.data} isAdmin={role === 'admin'} />
      )}
    </Page>
  );
}
