import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, type Payer, type PaymentEvent } from '@gabarita/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
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
import { productOf, readCheckoutState } from '../checkout-state';
import { CheckoutPanel, type CheckoutPhase } from '../components/checkout-panel';
import { PayerForm } from '../components/payer-form';
import { usePaymentEvents } from '../hooks/use-payment-events';

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
  const [phase, setPhase] = useState<CheckoutPhase>({ name: 'collecting_data' });
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
  const product = productOf(plans.data, productId, productType);
  if (!product) return <Navigate to="/assinatura" replace />;

  const locked = phase.name === 'generating' || phase.name === 'pending' || phase.name === 'paid';
  const submitLabel =
    phase.name === 'expired' || phase.name === 'ended' ? PAYMENT_MESSAGES.newPix : 'Gerar PIX';

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
          <CheckoutPanel
            phase={phase}
            onRetry={payer && (() => generate(payer))}
            // The window ended on our side: the code goes away; a payment that still arrives is granted.
            onExpire={() => setPhase({ name: 'expired' })}
          />
        </Card>
      </div>
    </Page>
  );
}
