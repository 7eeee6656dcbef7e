import { useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_MESSAGES,
  type CreatePaymentResponse,
  type Payer,
  type PaymentEvent,
} from '@gabarita/shared';
import { CircleCheck, CircleX, Clock, QrCode, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Page } from '../../../components/ui/page';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/formatters';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { PAID_REDIRECT_MS } from '../../../lib/timings';
import { useCreatePayment, usePlans } from '../api/billing-api';
import { readCheckoutState } from '../checkout-state';
import { PayerForm } from '../components/payer-form';
import { PixCode } from '../components/pix-panel';
import { usePaymentEvents } from '../hooks/use-payment-events';

/**
 * The payment states: collecting_data -> generating -> pending -> paid | expired | error. A
 * charge that ends another way (cancelled, refunded…) reads as not completed.
 */
type Phase =
  | { name: 'collecting_data' }
  | { name: 'generating' }
  | { name: 'pending'; payment: CreatePaymentResponse }
  | { name: 'paid'; paidLate: boolean }
  | { name: 'expired'; purchaseId: string }
  | { name: 'ended'; message: string }
  | { name: 'error'; message: string };

function StatePanel({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'error' | 'neutral';
  children: ReactNode;
}) {
  const iconTone = {
    success: 'bg-primary-soft text-primary-ink',
    error: 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
    neutral: 'bg-accent-soft text-accent-ink',
  }[tone];
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className={`flex size-14 items-center justify-center rounded-2xl ${iconTone}`}>
        {icon}
      </span>
      <div className="mt-4 max-w-sm text-sm leading-6 text-ink">{children}</div>
    </div>
  );
}

/** A refused request or a rate limit speaks for itself; any other failure is the product's text. */
function generationFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.code === 'request/invalid')) {
    return error.message;
  }
  return PAYMENT_MESSAGES.generationFailed;
}

export default function PaymentPage() {
  const location = useLocation();
  const checkout = readCheckoutState(location.state);
  if (!checkout) return <Navigate to="/assinatura" replace />;
  return <Checkout key={`${checkout.productType}:${checkout.productId}`} {...checkout} />;
}

function Checkout({
  productId,
  productType,
}: {
  productId: string;
  productType: 'plan' | 'package';
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const create = useCreatePayment();
  const [phase, setPhase] = useState<Phase>({ name: 'collecting_data' });
  const [payer, setPayer] = useState<Payer | null>(null);
  const [listening, setListening] = useState<string | null>(null);
  const [streamFailed, setStreamFailed] = useState(false);

  const pending = phase.name === 'pending' ? phase.payment : null;
  const pixPanelRef = useRef<HTMLElement>(null);

  const generate = (data: Payer) => {
    setPayer(data);
    setPhase({ name: 'generating' });
    setStreamFailed(false);
    create.mutate(
      { productId, productType, payer: data },
      {
        onSuccess: (payment) => {
          setPhase({ name: 'pending', payment });
          setListening(payment.purchaseId);
        },
        onError: (error) => setPhase({ name: 'error', message: generationFailure(error) }),
      },
    );
  };

  // A new code: on a phone it sits below the form, so it comes into view (and takes the focus).
  useEffect(() => {
    if (!pending) return;
    pixPanelRef.current?.scrollIntoView({ block: 'start' });
    pixPanelRef.current?.focus({ preventScroll: true });
  }, [pending]);

  const onPaymentEvent = (event: PaymentEvent) => {
    if (event.status === 'paid') {
      setPhase({ name: 'paid', paidLate: event.paidLate });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.session });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.user });
    } else if (event.status === 'refunded' || event.status === 'charged_back') {
      setPhase({ name: 'ended', message: PAYMENT_MESSAGES.refunded });
    } else if (
      event.status === 'cancelled' ||
      event.status === 'rejected' ||
      event.status === 'failed'
    ) {
      setPhase((current) =>
        current.name === 'pending'
          ? { name: 'ended', message: PAYMENT_MESSAGES.notCompleted }
          : current,
      );
    }
  };
  usePaymentEvents(listening, onPaymentEvent, () => setStreamFailed(true));

  // Paid: the account page, 3 seconds later.
  useEffect(() => {
    if (phase.name !== 'paid') return;
    const timer = window.setTimeout(() => void navigate('/conta'), PAID_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase.name, navigate]);

  if (plans.isPending) {
    return (
      <Page title="Pagamento via PIX">
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-ink-muted">
          <Spinner className="size-5" /> Carregando...
        </div>
      </Page>
    );
  }
  if (plans.isError) {
    return (
      <Page title="Pagamento via PIX">
        <QueryError
          message={errorMessage(plans.error, PAYMENT_MESSAGES.generationFailed)}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      </Page>
    );
  }
  const product =
    productType === 'package'
      ? plans.data.package.id === productId
        ? {
            name: `Pacote de tokens ${plans.data.package.name}`,
            price: plans.data.package.priceCentavos,
            detail: 'Tokens que não expiram',
          }
        : null
      : (() => {
          const plan = plans.data.plans.find((candidate) => candidate.id === productId);
          return plan
            ? {
                name: `Plano ${plan.name}`,
                price: plan.priceCentavos,
                detail: `${plan.durationLabel} de acesso Premium`,
              }
            : null;
        })();
  if (!product) return <Navigate to="/assinatura" replace />;

  const locked = phase.name === 'generating' || phase.name === 'pending' || phase.name === 'paid';
  const submitLabel =
    phase.name === 'expired' || phase.name === 'ended' ? PAYMENT_MESSAGES.newPix : 'Gerar PIX';

  let panel: ReactNode;
  switch (phase.name) {
    case 'collecting_data':
      panel = (
        <StatePanel tone="neutral" icon={<QrCode className="size-7" aria-hidden="true" />}>
          <p className="font-semibold">Como funciona</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-left text-ink-muted">
            <li>Preencha seu nome e CPF e gere o PIX.</li>
            <li>
              Pague com o QR Code ou o código copia e cola no app do seu banco, em até 5 minutos.
            </li>
            <li>A confirmação chega sozinha nesta página e o acesso é liberado na hora.</li>
          </ol>
        </StatePanel>
      );
      break;
    case 'generating':
      panel = (
        <StatePanel tone="neutral" icon={<Spinner className="size-7" />}>
          <p role="status">Gerando o PIX...</p>
        </StatePanel>
      );
      break;
    case 'pending':
      panel = (
        <PixCode
          key={phase.payment.purchaseId}
          payment={phase.payment}
          // The window ended on our side: the code goes away; a payment that still arrives is granted.
          onExpire={() => setPhase({ name: 'expired', purchaseId: phase.payment.purchaseId })}
        />
      );
      break;
    case 'paid':
      panel = (
        <StatePanel tone="success" icon={<CircleCheck className="size-7" aria-hidden="true" />}>
          <p role="status" className="font-semibold">
            {phase.paidLate ? PAYMENT_MESSAGES.paidLate : PAYMENT_MESSAGES.paid}
          </p>
          <Link to="/conta" className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
            Ir para Minha Conta
          </Link>
        </StatePanel>
      );
      break;
    case 'expired':
      panel = (
        <StatePanel tone="neutral" icon={<Clock className="size-7" aria-hidden="true" />}>
          <p role="alert" className="font-semibold">
            {PAYMENT_MESSAGES.expired}
          </p>
          <p className="mt-1 text-ink-muted">
            Se você já pagou, aguarde: a confirmação ainda pode chegar e libera a compra.
          </p>
          {payer && (
            <Button className="mt-4" icon={RotateCw} onClick={() => generate(payer)}>
              {PAYMENT_MESSAGES.newPix}
            </Button>
          )}
        </StatePanel>
      );
      break;
    case 'ended':
      panel = (
        <StatePanel tone="error" icon={<CircleX className="size-7" aria-hidden="true" />}>
          <p role="alert">{phase.message}</p>
          {payer && (
            <Button className="mt-4" icon={RotateCw} onClick={() => generate(payer)}>
              {PAYMENT_MESSAGES.newPix}
            </Button>
          )}
        </StatePanel>
      );
      break;
    case 'error':
      panel = (
        <StatePanel tone="error" icon={<CircleX className="size-7" aria-hidden="true" />}>
          <p role="alert">{phase.message}</p>
          {payer && (
            <Button className="mt-4" icon={RotateCw} onClick={() => generate(payer)}>
              {PAYMENT_MESSAGES.retry}
            </Button>
          )}
        </StatePanel>
      );
      break;
  }

  return (
    <Page title="Pagamento via PIX" description="Pagamento único, sem renovação automática.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Card as="section" aria-label="Seu pedido" className="h-fit space-y-5">
          <div className="flex items-start justify-between gap-4 border-b border-line pb-4">
            <div>
              <h2 className="text-base font-semibold text-ink">{product.name}</h2>
              <p className="text-sm text-ink-muted">{product.detail}</p>
            </div>
            <p className="text-xl font-semibold tabular-nums text-ink">
              {formatPrice(product.price)}
            </p>
          </div>
          <PayerForm
            locked={locked}
            busy={phase.name === 'generating'}
            submitLabel={submitLabel}
            onSubmit={generate}
          />
          <Link
            to="/assinatura"
            className="inline-block text-sm font-medium text-primary-ink hover:underline"
          >
            Escolher outro plano
          </Link>
        </Card>
        <Card
          as="section"
          ref={pixPanelRef}
          tabIndex={-1}
          aria-label="PIX"
          aria-live="polite"
          className="scroll-mt-20 focus-visible:outline-none"
        >
          {streamFailed && (
            <Notice tone="warning" className="mb-4">
              {PAYMENT_MESSAGES.listenerFailed}
            </Notice>
          )}
          {panel}
        </Card>
      </div>
    </Page>
  );
}
