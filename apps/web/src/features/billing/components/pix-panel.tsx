import { PAYMENT_MESSAGES, type CreatePaymentResponse } from '@gabarita/shared';
import { Check, Copy, ExternalLink, FlaskConical, Timer } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCountdown } from '../hooks/use-countdown';

/**
 * The code to pay: QR image, countdown, copia-e-cola with 'Copiar código', waiting notice. Mount it
 * with `key={purchaseId}`: each code counts its own time and calls `onExpire` when it runs out.
 */
export function PixCode({
  payment,
  onExpire,
}: {
  payment: CreatePaymentResponse;
  onExpire: () => void;
}) {
  const countdown = useCountdown(payment.pixDetails.expiration_date, onExpire);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payment.pixDetails.qr_code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3_000);
    } catch {
      // No clipboard access (an insecure page, a refused permission): select it for a manual copy.
      codeRef.current?.select();
    }
  };

  return (
    <div className="flex flex-col items-center text-center">
      <p
        className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold tabular-nums text-accent-ink"
        aria-live="off"
      >
        <Timer className="size-4" aria-hidden="true" />
        <span>
          Expira em <span role="timer">{countdown}</span>
        </span>
      </p>
      <img
        src={`data:image/png;base64,${payment.pixDetails.qr_code_base64}`}
        alt="QR Code do PIX: leia com o aplicativo do seu banco"
        className="mt-4 size-56 rounded-lg border border-line bg-white p-2"
      />
      <FormField label="PIX copia e cola" className="mt-4 w-full text-left">
        {(wiring) => (
          <>
            <textarea
              {...wiring}
              ref={codeRef}
              readOnly
              rows={3}
              value={payment.pixDetails.qr_code}
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full resize-none rounded-lg border border-line bg-surface-muted px-3 py-2 font-mono text-xs leading-5 break-all text-ink"
            />
            <Button
              variant="secondary"
              className="mt-2 w-full"
              icon={copied ? Check : Copy}
              onClick={() => void copy()}
            >
              {copied ? PAYMENT_MESSAGES.codeCopied : PAYMENT_MESSAGES.copyCode}
            </Button>
          </>
        )}
      </FormField>
      <p role="status" className="mt-4 inline-flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" />
        {PAYMENT_MESSAGES.waiting}
      </p>
      {payment.simulateUrl && (
        <div className="mt-4 w-full rounded-lg border border-dashed border-line p-3 text-left text-xs leading-5 text-ink-muted">
          <p className="flex items-center gap-1.5 font-semibold text-ink">
            <FlaskConical className="size-4" aria-hidden="true" />
            Ambiente de testes
          </p>
          <p className="mt-1">
            Este servidor usa o PIX de testes: nenhum dinheiro é cobrado. Para confirmar o
            pagamento, simule-o.
          </p>
          <a
            href={payment.simulateUrl}
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
          >
            {PAYMENT_MESSAGES.simulatePayment}
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        </div>
      )}
    </div>
  );
}
