import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_MESSAGES,
  type Payer,
  type PaymentEvent,
  type PaymentResponse,
  PATHS,
} from '@gabarita/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/formatters';
import { QUERY_KEYS } from '@/domain/query-keys';
import { PAID_REDIRECT_MS } from '@/lib/timings';
import {
  PURCHASE_PARAM,
  paymentUrl,
  readSubscriptionReturn,
} from '@/domain/plans/subscription-reason';
import { fetchPayment, useCreatePayment, usePlans } from '../api/billing-api';
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

/** Where a purchase found again stands: its code while it can be paid, else how it ended. */
function resumedPhase(payment: PaymentResponse): CheckoutPhase {
  switch (payment.status) {
    case 'pending':
      return payment.pixDetails
        ? {
            name: 'pending',
            payment: {
              purchaseId: payment.purchaseId,
              pixDetails: payment.pixDetails,
              simulateUrl: payment.simulateUrl,
            },
          }
        : { name: 'expired' };
    case 'paid':
      return { name: 'paid', paidLate: payment.paidLate };
    case 'expired':
      return { name: 'expired' };
    case 'refunded':
    case 'charged_back':
      return { name: 'ended', message: PAYMENT_MESSAGES.refunded };
    default:
      return { name: 'ended', message: PAYMENT_MESSAGES.notCompleted };
  }
}

/**
 * /pagamento: opened from the plans with a product, or, once a PIX exists, at
 * /pagamento?compra=<id> (a reload, a second tab, the way back from the bank app, 'Continuar
 * pagamento' on /conta), which shows the same code, countdown and live confirmation.
 */
export default function PaymentPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The purchase in the address when the page opened. One made on this page is put in the address
  // too, but the page that made it keeps it: it is not found again.
  const [purchaseId] = useState(() => searchParams.get(PURCHASE_PARAM));
  const returnTo = readSubscriptionReturn(location.state, searchParams);
  const checkout = readCheckoutState(location.state);
  if (purchaseId)
    return <ResumedCheckout key={purchaseId} purchaseId={purchaseId} returnTo={returnTo} />;
  if (!checkout) return <Navigate to={PATHS.plans.path} replace />;
  return (
    <Checkout
      key={`${checkout.productType}:${checkout.productId}`}
      {...checkout}
      returnTo={returnTo}
    />
  );
}

function ResumedCheckout({
  purchaseId,
  returnTo,
}: {
  purchaseId: string;
  returnTo: string | null;
}) {
  const payment = useQuery({
    queryKey: [...QUERY_KEYS.purchases, purchaseId],
    queryFn: ({ signal }) => fetchPayment(purchaseId, signal),
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (payment.isPending) return <LoadingPayment />;
  if (payment.isError) {
    if (payment.error instanceof ApiError && payment.error.status === 404) {
      return <Navigate to={PATHS.plans.path} replace />;
    }
    return (
      <Page title="Pagamento via PIX">
        <QueryError
          message={errorMessage(payment.error, PAYMENT_MESSAGES.paymentNotFound)}
          onRetry={() => void payment.refetch()}
          retrying={payment.isFetching}
        />
      </Page>
    );
  }
  return (
    <Checkout
      productId={payment.data.productId}
      productType={payment.data.productType}
      returnTo={returnTo}
      resumed={resumedPhase(payment.data)}
    />
  );
}

function LoadingPayment() {
  return (
    <Page title="Pagamento via PIX">
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-ink-muted">
        <Spinner className="size-5" /> Carregando...
      </div>
    </Page>
  );
}

function Checkout({
  productId,
  productType,
  returnTo,
  resumed,
}: {
  productId: string;
  productType: 'plan' | 'package';
  /** The study page to go back to once paid; the account page otherwise. */
  returnTo: string | null;
  /** A purchase found again (/pagamento?compra=): where it stands. */
  resumed?: CheckoutPhase;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const create = useCreatePayment();
  const [phase, setPhase] = useState<CheckoutPhase>(resumed ?? { name: 'collecting_data' });
  const [payer, setPayer] = useState<Payer | null>(null);
  const [listening, setListening] = useState<string | null>(
    resumed?.name === 'pending' ? resumed.payment.purchaseId : null,
  );
  const [streamFailed, setStreamFailed] = useState(false);

  const pending = phase.name === 'pending' ? phase.payment : null;
  const pixPanelRef = useRef<HTMLElement>(null);
  /** A code generated here (not one found again) is brought into view once shown. */
  const showNewCode = useRef(false);

  const generate = (data: Payer) => {
    showNewCode.current = true;
    setPayer(data);
    setPhase({ name: 'generating' });
    setStreamFailed(false);
    create.mutate(
      { productId, productType, payer: data },
      {
        onSuccess: (payment) => {
          setPhase({ name: 'pending', payment });
          setListening(payment.purchaseId);
          // In the address from now on: a reload or another tab finds this same PIX again.
          void navigate(paymentUrl(payment.purchaseId, returnTo), {
            replace: true,
            state: location.state,
          });
        },
        onError: (error) => setPhase({ name: 'error', message: generationFailure(error) }),
      },
    );
  };

  // A new code: on a phone it sits below the form, so it comes into view (and takes the focus).
  useEffect(() => {
    if (!pending || !showNewCode.current) return;
    showNewCode.current = false;
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

  // Paid: back to the question that sent the user here, or to the account, 3 seconds later.
  const afterPaid = returnTo ?? PATHS.account.path;
  useEffect(() => {
    if (phase.name !== 'paid') return;
    const timer = window.setTimeout(() => void navigate(afterPaid), PAID_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase.name, navigate, afterPaid]);

  if (plans.isPending) return <LoadingPayment />;
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
  if (!product) return <Navigate to={PATHS.plans.path} replace />;

  const locked = phase.name === 'generating' || phase.name === 'pending' || phase.name === 'paid';
  // After an expiry or a failure one button starts again: the panel's, with the data already
  // given; the form's only when that data is not known here (a purchase found again).
  const panelRetries = payer !== null && ['expired', 'ended', 'error'].includes(phase.name);
  const submitLabel = panelRetries
    ? null
    : phase.name === 'expired' || phase.name === 'ended'
      ? PAYMENT_MESSAGES.newPix
      : 'Gerar PIX';

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
          {locked && payer === null ? (
            // A purchase found again: its payer data went with the code and is not kept here.
            <p className="text-sm leading-6 text-ink-muted">
              Os dados do pagador já foram enviados com este PIX.
            </p>
          ) : (
            <PayerForm
              locked={locked}
              busy={phase.name === 'generating'}
              submitLabel={submitLabel}
              onSubmit={generate}
            />
          )}
          <Link
            to={PATHS.plans.path}
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
            returnTo={returnTo}
            onRetry={payer && (() => generate(payer))}
            // The window ended on our side: the code goes away; a payment that still arrives is granted.
            onExpire={() => setPhase({ name: 'expired' })}
          />
        </Card>
      </div>
    </Page>
  );
}
