import {
  AUTH_MESSAGES,
  daysRemainingLabel,
  type MeResponse,
  type PurchaseHistory,
  PATHS,
} from '@gabarita/shared';
import {
  Brain,
  Coins,
  KeyRound,
  LogOut,
  MonitorSmartphone,
  Receipt,
  ShieldCheck,
  Sparkles,
  UserRound,
} from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatInteger } from '@/lib/formatters';
import { ReviewSettingsForm } from '@/domain/review/review-settings-section';
import { useSignOut } from '@/domain/session/session';
import { useTokens } from '@/domain/tutor/tokens';
import { logoutEverywhere, useMe, usePasswordChangeLink, usePurchases } from '../api/me-api';
import { ConsentsSection } from '../components/consents-section';
import { DataExportSection } from '../components/data-export-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { EmailChangeSection } from '../components/email-change-section';
import { MyReports } from '../components/my-reports';
import { PackagePurchases, PendingPurchases, PlanPurchases } from '../components/purchase-history';
import { SectionCard } from '../components/section-card';

const NOT_AVAILABLE = 'N/A';
const PURCHASES_LOAD_FAILED = 'Não foi possível carregar suas compras. Tente novamente.';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function dateOrNotAvailable(value: string | null): string {
  return value ? formatDateTime(value) || NOT_AVAILABLE : NOT_AVAILABLE;
}

/** Free accounts show a days-remaining wording only when a past plan has ended. */
function daysRemainingText(me: MeResponse): string {
  if (me.accountType === 'premium') return daysRemainingLabel(me.plan.daysRemaining);
  return me.plan.endsOn ? daysRemainingLabel(me.plan.daysRemaining) : NOT_AVAILABLE;
}

function AccountDetails({ me }: { me: MeResponse }) {
  const premium = me.accountType === 'premium';
  // Daily tokens only while the plan is valid; package tokens only when there is a package.
  const tokens = useTokens().data;
  return (
    <SectionCard
      title="Detalhes da conta"
      icon={UserRound}
      action={
        <Link to={PATHS.plans.path} className={buttonClasses({ size: 'sm' })}>
          <Sparkles className="size-4" aria-hidden="true" />
          Ver planos
        </Link>
      }
    >
      <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        <Detail label="E-mail">{me.email}</Detail>
        <Detail label="Status">
          <PlanBadge premium={premium} />
        </Detail>
        <Detail label="Último acesso">{dateOrNotAvailable(me.lastSeenAt)}</Detail>
        {premium && (
          <>
            <Detail label="Data de contratação">{dateOrNotAvailable(me.plan.startedAt)}</Detail>
            <Detail label="Data de término">{dateOrNotAvailable(me.plan.endsAt)}</Detail>
          </>
        )}
        <Detail label="Dias restantes">{daysRemainingText(me)}</Detail>
        {tokens?.daily && (
          <>
            <Detail label="Tokens de entrada restantes hoje">
              {formatInteger(tokens.daily.remaining.input)}
            </Detail>
            <Detail label="Tokens de saída restantes hoje">
              {formatInteger(tokens.daily.remaining.output)}
            </Detail>
          </>
        )}
        {tokens?.package && (
          <>
            <Detail label="Tokens de entrada do pacote">
              {formatInteger(tokens.package.input)}
            </Detail>
            <Detail label="Tokens de saída do pacote">
              {formatInteger(tokens.package.output)}
            </Detail>
          </>
        )}
      </dl>
    </SectionCard>
  );
}

/** Both purchase histories: loaded together, each with its own empty text. */
function PurchaseSections() {
  const purchases = usePurchases();
  const body = (render: (history: PurchaseHistory) => ReactNode) => {
    if (purchases.isPending) {
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" /> Carregando compras...
        </p>
      );
    }
    if (purchases.isError) {
      return (
        <QueryError
          message={errorMessage(purchases.error, PURCHASES_LOAD_FAILED)}
          onRetry={() => void purchases.refetch()}
          retrying={purchases.isFetching}
        />
      );
    }
    return render(purchases.data);
  };
  return (
    <>
      {purchases.data && <PendingPurchases history={purchases.data} />}
      <SectionCard title="Histórico de compras de planos" icon={Receipt}>
        {body((history) => (
          <PlanPurchases history={history} emptyIcon={Receipt} />
        ))}
      </SectionCard>
      <SectionCard title="Histórico de pacotes de tokens" icon={Coins}>
        {body((history) => (
          <PackagePurchases history={history} emptyIcon={Coins} />
        ))}
      </SectionCard>
    </>
  );
}

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
function SessionsSection() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const ending = useMutation({
    mutationFn: () => signOut(logoutEverywhere, AUTH_MESSAGES.signedOutEverywhere),
  });
  return (
    <SectionCard title="Dispositivos conectados" icon={MonitorSmartphone}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm leading-6 text-ink-muted">
          Esqueceu a conta aberta em outro aparelho? Encerre todas as sessões, inclusive esta.
          Depois, entre de novo só onde quiser.
        </p>
        <Button
          variant="secondary"
          icon={LogOut}
          onClick={() => setOpen(true)}
          className="self-start sm:self-auto"
        >
          Sair de todos os dispositivos
        </Button>
        <ConfirmDialog
          open={open}
          title="Sair de todos os dispositivos?"
          description="Todas as sessões da sua conta serão encerradas, inclusive esta: será preciso entrar de novo em cada aparelho."
          confirmLabel="Sair de todos"
          busyLabel="Saindo..."
          busy={ending.isPending}
          error={
            ending.isError
              ? errorMessage(ending.error, AUTH_MESSAGES.signOutEverywhereFailed)
              : null
          }
          onCancel={() => setOpen(false)}
          onConfirm={() => ending.mutate()}
        />
      </div>
    </SectionCard>
  );
}

/** Only for password accounts: Google accounts have no password here. */
function SecuritySection() {
  const link = usePasswordChangeLink();
  return (
    <SectionCard title="Segurança" icon={ShieldCheck}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm leading-6 text-ink-muted">
          Para alterar sua senha, enviaremos um link de redefinição para o seu e-mail.
        </p>
        <Button
          variant="secondary"
          icon={KeyRound}
          busy={link.isPending}
          onClick={() => link.mutate()}
          className="self-start sm:self-auto"
        >
          Alterar Senha
        </Button>
      </div>
      {link.isSuccess && (
        <Notice tone="success" className="mt-4">
          {AUTH_MESSAGES.passwordChangeLinkSent(link.data.email)}
        </Notice>
      )}
      {link.isError && (
        <Notice tone="error" className="mt-4">
          {errorMessage(link.error, AUTH_MESSAGES.passwordChangeSendFailed)}
        </Notice>
      )}
    </SectionCard>
  );
}

function LoadingCards() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Carregando dados da conta...</span>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className={cardClasses({ className: 'animate-pulse motion-reduce:animate-none' })}
        >
          <div className="h-5 w-44 rounded bg-surface-muted" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <div className="h-10 rounded bg-surface-muted" />
            <div className="h-10 rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

export default function AccountPage() {
  const me = useMe();

  let content: ReactNode;
  if (me.isPending) {
    content = <LoadingCards />;
  } else if (me.isError) {
    content = (
      <QueryError
        message={errorMessage(me.error, 'Não foi possível carregar os dados da conta.')}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  } else {
    content = (
      <div className="space-y-6">
        <AccountDetails me={me.data} />
        <PurchaseSections />
        <MyReports />
        {me.data.provider === 'password' && <SecuritySection />}
        <EmailChangeSection me={me.data} />
        <SessionsSection />
        <SectionCard title="Revisão" icon={Brain}>
          <ReviewSettingsForm />
        </SectionCard>
        <DataExportSection />
        <ConsentsSection />
        <DeleteAccountSection me={me.data} />
      </div>
    );
  }

  return (
    <Page
      title="Gerenciamento de Conta"
      description="Veja os dados da sua conta, a situação do seu plano e as opções de segurança e de privacidade."
    >
      {content}
    </Page>
  );
}
