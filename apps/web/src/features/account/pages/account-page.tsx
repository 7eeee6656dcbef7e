import { AUTH_MESSAGES, daysRemainingLabel, type MeResponse } from '@gabarita/shared';
import {
  CloudOff,
  Coins,
  KeyRound,
  Receipt,
  ShieldCheck,
  Sparkles,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PlanBadge } from '../../../components/ui/plan-badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/formatters';
import { useMe, usePasswordChangeLink } from '../api/me-api';

const NOT_AVAILABLE = 'N/A';

function SectionCard({
  title,
  icon: Icon,
  children,
  action,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-surface shadow-sm shadow-slate-900/[0.03]"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold text-ink">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {title}
        </h2>
        {action}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

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
  return (
    <SectionCard
      title="Detalhes da conta"
      icon={UserRound}
      action={
        <Link to="/assinatura" className={buttonClasses({ size: 'sm' })}>
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
      </dl>
    </SectionCard>
  );
}

function EmptyHistory({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-4 py-8 text-center">
      <Icon className="size-6 text-ink-muted" aria-hidden="true" />
      <p className="mt-2 text-sm text-ink-muted">{text}</p>
    </div>
  );
}

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
          onClick={() => link.mutate()}
          disabled={link.isPending}
          className="self-start sm:self-auto"
        >
          {link.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <KeyRound className="size-4" aria-hidden="true" />
          )}
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
          className="animate-pulse rounded-2xl border border-line bg-surface p-6 motion-reduce:animate-none"
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
      <div className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
          <CloudOff className="size-6" aria-hidden="true" />
        </span>
        <p role="alert" className="mt-4 max-w-md text-sm leading-6 text-ink-muted">
          {errorMessage(me.error, 'Não foi possível carregar os dados da conta.')}
        </p>
        <Button className="mt-6" onClick={() => void me.refetch()} disabled={me.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="space-y-6">
        <AccountDetails me={me.data} />
        <SectionCard title="Histórico de compras" icon={Receipt}>
          {/* Billing is not built yet: there is nothing to list, so the empty state is the truth. */}
          <EmptyHistory icon={Receipt} text="Você ainda não realizou nenhuma compra." />
        </SectionCard>
        <SectionCard title="Histórico de pacotes de tokens" icon={Coins}>
          <EmptyHistory icon={Coins} text="Você ainda não comprou nenhum pacote de tokens." />
        </SectionCard>
        {me.data.provider === 'password' && <SecuritySection />}
      </div>
    );
  }

  return (
    <section aria-labelledby="page-title">
      <div className="mb-8">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Gerenciamento de Conta
        </h1>
        <p className="mt-2 text-sm leading-6 text-ink-muted">
          Veja os dados da sua conta, a situação do seu plano e as opções de segurança.
        </p>
      </div>
      {content}
    </section>
  );
}
