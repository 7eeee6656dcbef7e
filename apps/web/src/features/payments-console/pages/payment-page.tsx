import { ArrowLeft, RefreshCw, Undo2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  ACTION_REASON_MAX_LENGTH,
  PAYMENT_STATUS_LABELS,
  type PaymentDetail,
  refundRequestSchema,
  type TokenPair,
  PATHS,
  pathTo,
} from '@gabarita/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FactCard, FactList } from '@/components/ui/fact-card';
import { TextAreaField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/domain/session/session';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatInteger, formatPrice } from '@/lib/formatters';
import { usePaymentAction, usePaymentDetail } from '../api/payments-console-api';
import { PROVIDER_NAMES } from '../payment-labels';

const LOAD_FAILED = 'Não foi possível carregar o pagamento. Tente novamente.';
const ACTION_FAILED = 'Não foi possível concluir a ação. Tente novamente.';

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

function Reconcile({ id }: { id: string }) {
  const action = usePaymentAction(id, 'reconcile');
  return (
    <div className="space-y-3">
      <p className="text-sm leading-6 text-ink-muted">
        Pergunta ao provedor como está a cobrança agora e aplica a resposta (libera, retira ou
        encerra a compra, uma única vez).
      </p>
      {action.isError && <Notice tone="error">{errorMessage(action.error, ACTION_FAILED)}</Notice>}
      {action.isSuccess && <Notice tone="success">{action.data.message}</Notice>}
      <Button
        variant="secondary"
        icon={RefreshCw}
        busy={action.isPending}
        onClick={() => {
          if (!action.isPending) action.mutate({});
        }}
      >
        Conciliar agora
      </Button>
    </div>
  );
}

/** What a refund takes from the account, as the card and the confirmation say it. */
function takenBack(purchase: PaymentDetail['purchase'], tokens: TokenPair | null): string {
  if (purchase.productType === 'plan') return 'a conta perde os dias de Premium ainda por vir';
  if (!tokens || (tokens.input === 0 && tokens.output === 0)) {
    return 'nenhum token sai da conta: o que o pacote trouxe já foi gasto';
  }
  return `saem da conta ${formatInteger(tokens.input)} tokens de entrada e ${formatInteger(tokens.output)} de saída, o que resta deste pacote`;
}

/**
 * 'Reembolsar' (admins): a reason, then a confirmation saying what goes back and what is taken
 * (docs/product-rules.md, "Payments and refunds"), before anything is asked of the provider.
 */
function Refund({
  purchase,
  tokens,
}: {
  purchase: PaymentDetail['purchase'];
  /** For a package: what a refund takes back now. */
  tokens: TokenPair | null;
}) {
  const action = usePaymentAction(purchase.id, 'refund');
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.isPending) return;
    const parsed = refundRequestSchema.safeParse({ motivo: reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setInvalid(null);
    action.reset();
    setConfirming(true);
  };
  const confirm = () => {
    const parsed = refundRequestSchema.safeParse({ motivo: reason });
    if (!parsed.success || action.isPending) return;
    action.mutate(parsed.data, {
      onSuccess: () => {
        setReason('');
        setConfirming(false);
      },
    });
  };

  return (
    <Card as="section" padding="sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-ink">
        Reembolsar
      </h3>
      <p className="mt-1 text-sm leading-6 text-ink-muted">
        {purchase.productType === 'plan'
          ? 'Devolve o valor inteiro pelo provedor e retira da conta os dias de Premium que a compra liberou e ainda estão por vir.'
          : 'Devolve o valor inteiro pelo provedor e retira da conta os tokens deste pacote ainda não gastos. Os pacotes de uma conta são gastos do mais antigo para o mais novo: o que já foi gasto não volta, e nenhum outro pacote é tocado.'}
      </p>
      {purchase.productType === 'package' && (
        <p className="mt-2 text-sm font-medium text-ink">
          Se reembolsada agora, {takenBack(purchase, tokens)}.
        </p>
      )}
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextAreaField
          label="Motivo"
          rows={2}
          maxLength={ACTION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (invalid) setInvalid(null);
            if (action.isError) action.reset();
          }}
          description="Fica no registro de ações, com quem fez e quando."
          descriptionClassName="mt-1 text-xs text-ink-muted"
          error={invalid ?? undefined}
        />
        {action.isError && !confirming && (
          <Notice tone="error">{errorMessage(action.error, ACTION_FAILED)}</Notice>
        )}
        {action.isSuccess && <Notice tone="success">{action.data.message}</Notice>}
        <Button ref={submitRef} type="submit" variant="danger" icon={Undo2}>
          Reembolsar
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Reembolsar esta compra?"
        description={`${formatPrice(purchase.priceCentavos)} voltam para ${purchase.name} pelo ${PROVIDER_NAMES[purchase.provider]}, e ${takenBack(purchase, tokens)}. Um reembolso não pode ser desfeito.`}
        confirmLabel="Reembolsar"
        busyLabel="Reembolsando..."
        tone="danger"
        busy={action.isPending}
        error={action.isError ? errorMessage(action.error, ACTION_FAILED) : null}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        finalFocusRef={submitRef}
      />
    </Card>
  );
}

function Timeline({ entries }: { entries: PaymentDetail['timeline'] }) {
  return (
    <ol aria-label="Linha do tempo" className="space-y-3">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="border-l-2 border-line pl-3 text-sm">
          <span className="block font-medium text-ink">{entry.label}</span>
          <span className="block text-xs text-ink-muted">
            {formatDateTime(entry.at)}
            {entry.detail ? ` · ${entry.detail}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One purchase: its data, its timeline and the console's actions on it. */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const detail = usePaymentDetail(id);
  const role = useSession().data?.user?.role;
  const back = (
    <Link to={PATHS.payments.path} className="inline-flex items-center gap-1 text-sm text-primary">
      <ArrowLeft className="size-4" aria-hidden /> Pagamentos
    </Link>
  );

  if (detail.isPending) {
    return (
      <div role="status" className="flex justify-center py-8">
        <Spinner className="size-6" />
        <span className="sr-only">Carregando pagamento...</span>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <Page title="Pagamento">
        {back}
        <QueryError
          message={errorMessage(detail.error, LOAD_FAILED)}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </Page>
    );
  }
  const { purchase, serverProvider, timeline } = detail.data;
  const current = purchase.provider === serverProvider;
  const refundable = current && purchase.status === 'paid' && purchase.grantedAt !== null;

  return (
    <Page
      title={`${purchase.productType === 'plan' ? 'Plano' : 'Pacote'} ${purchase.productName}`}
      description={`${formatPrice(purchase.priceCentavos)} · ${PAYMENT_STATUS_LABELS[purchase.status]}`}
    >
      <div className="space-y-4">
        {back}
        <FactCard title="Compra">
          <FactList
            rows={[
              [
                'Conta',
                purchase.userId ? (
                  <Link
                    key="account"
                    to={pathTo(PATHS.customerAccount, { userId: purchase.userId })}
                    className="text-primary"
                  >
                    {purchase.name} · {purchase.email}
                  </Link>
                ) : (
                  `${purchase.name} · ${purchase.email}`
                ),
              ],
              ['Situação', PAYMENT_STATUS_LABELS[purchase.status]],
              ['Provedor', PROVIDER_NAMES[purchase.provider]],
              ['Cobrança no provedor', purchase.providerPaymentId ?? '—'],
              ['Status no provedor', purchase.providerStatus ?? '—'],
              ['Criada em', when(purchase.createdAt)],
              ['Paga em', when(purchase.paidAt)],
              ['Liberada em', when(purchase.grantedAt)],
              ['Retirada em', when(purchase.reversedAt)],
            ]}
          />
        </FactCard>
        <FactCard title="Linha do tempo">
          <Timeline entries={timeline} />
        </FactCard>
        <FactCard title="Ações">
          {current ? (
            <div className="space-y-4">
              <Reconcile id={purchase.id} />
              {role === 'admin' && refundable && (
                <Refund purchase={purchase} tokens={detail.data.refundTakesBack} />
              )}
            </div>
          ) : (
            <p className="text-sm text-ink-muted">
              Esta compra foi feita pelo provedor {PROVIDER_NAMES[purchase.provider]}, mas o
              servidor usa {PROVIDER_NAMES[serverProvider]}: não é possível conciliá-la nem
              reembolsá-la daqui.
            </p>
          )}
        </FactCard>
      </div>
    </Page>
  );
}
