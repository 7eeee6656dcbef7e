import { PAYMENT_MESSAGES, type CreatePaymentResponse, PATHS } from '@gabarita/shared';
import { CircleCheck, CircleX, Clock, QrCode, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PixCode } from './pix-panel';

/**
 * The payment states: collecting_data -> generating -> pending -> paid | expired | error. A
 * charge that ends another way (cancelled, refunded…) reads as not completed.
 */
export type CheckoutPhase =
  | { name: 'collecting_data' }
  | { name: 'generating' }
  | { name: 'pending'; payment: CreatePaymentResponse }
  | { name: 'paid'; paidLate: boolean }
  | { name: 'expired' }
  | { name: 'ended'; message: string }
  | { name: 'error'; message: string };

const ICON_TONES = {
  success: 'bg-primary-soft text-primary-ink',
  error: 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
  neutral: 'bg-accent-soft text-accent-ink',
} as const;

function PhaseState({
  icon,
  tone,
  children,
  action,
}: {
  icon: ReactNode;
  tone: keyof typeof ICON_TONES;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className={`flex size-14 items-center justify-center rounded-2xl ${ICON_TONES[tone]}`}>
        {icon}
      </span>
      <div className="mt-4 max-w-sm text-sm leading-6 text-ink">{children}</div>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

interface CheckoutPanelProps {
  phase: CheckoutPhase;
  /** The study page the user came from, offered once paid; the account page otherwise. */
  returnTo: string | null;
  /** A new charge with the payer data already given ('Gerar Novo PIX', 'Tentar Novamente'). */
  onRetry: (() => void) | null;
  /** The code's five minutes ran out on this page. */
  onExpire: () => void;
}

/** The right side of /pagamento: what to do now in each state of the payment. */
export function CheckoutPanel({ phase, returnTo, onRetry, onExpire }: CheckoutPanelProps) {
  const retry = (label: string) =>
    onRetry && (
      <Button icon={RotateCw} onClick={onRetry}>
        {label}
      </Button>
    );
  // Without the payer's data here (a purchase found again), the form starts the next charge.
  const useTheForm = !onRetry && (
    <p className="mt-1 text-ink-muted">Confira seus dados no formulário e gere um novo PIX.</p>
  );
  const icon = (Icon: typeof Clock) => <Icon className="size-7" aria-hidden="true" />;

  switch (phase.name) {
    case 'collecting_data':
      return (
        <PhaseState tone="neutral" icon={icon(QrCode)}>
          <p className="font-semibold">Como funciona</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-left text-ink-muted">
            <li>Preencha seu nome e CPF e gere o PIX.</li>
            <li>
              Pague com o QR Code ou o código copia e cola no app do seu banco, em até 5 minutos.
            </li>
            <li>A confirmação chega sozinha nesta página e o acesso é liberado na hora.</li>
          </ol>
        </PhaseState>
      );
    case 'generating':
      return (
        <PhaseState tone="neutral" icon={<Spinner className="size-7" />}>
          <p role="status">Gerando o PIX...</p>
        </PhaseState>
      );
    case 'pending':
      return <PixCode key={phase.payment.purchaseId} payment={phase.payment} onExpire={onExpire} />;
    case 'paid':
      return (
        <PhaseState
          tone="success"
          icon={icon(CircleCheck)}
          action={
            <Link to={returnTo ?? PATHS.account.path} className={buttonClasses({ size: 'sm' })}>
              {returnTo
                ? returnTo.startsWith(PATHS.questions.path)
                  ? 'Voltar para a questão'
                  : 'Voltar para o estudo'
                : 'Ir para Minha Conta'}
            </Link>
          }
        >
          <p role="status" className="font-semibold">
            {phase.paidLate
              ? PAYMENT_MESSAGES.paidLate
              : returnTo
                ? PAYMENT_MESSAGES.paidBackToStudy
                : PAYMENT_MESSAGES.paid}
          </p>
        </PhaseState>
      );
    case 'expired':
      return (
        <PhaseState tone="neutral" icon={icon(Clock)} action={retry(PAYMENT_MESSAGES.newPix)}>
          <p role="alert" className="font-semibold">
            {PAYMENT_MESSAGES.expired}
          </p>
          <p className="mt-1 text-ink-muted">
            Se você já pagou, aguarde: a confirmação ainda pode chegar e libera a compra.
          </p>
          {useTheForm}
        </PhaseState>
      );
    case 'ended':
    case 'error':
      return (
        <PhaseState
          tone="error"
          icon={icon(CircleX)}
          action={retry(phase.name === 'ended' ? PAYMENT_MESSAGES.newPix : PAYMENT_MESSAGES.retry)}
        >
          <p role="alert">{phase.message}</p>
          {useTheForm}
        </PhaseState>
      );
  }
}
