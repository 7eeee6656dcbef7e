import type { FastifyBaseLogger } from 'fastify';
import type { BillingService } from './billing.service';

/**
 * Runs the payment reconciler every `intervalMs` (PIX_RECONCILE_SECONDS): ends the windows that ran
 * out, cancels their charges, and asks the provider about open charges, so a lost notification
 * still grants. Every instance may run it: each purchase is claimed by one at a time. The returned
 * function stops it once the round in progress, if any, has finished.
 */
export function startPaymentReconciler(
  billing: BillingService,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let round: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (round) return; // a slow provider must not pile rounds up
    round = billing
      .reconcileOnce()
      .then((result) => {
        if (result.expired || result.checked) log.debug(result, 'reconciliação de pagamentos');
      })
      .catch((error: unknown) => log.error({ err: error }, 'falha na reconciliação de pagamentos'))
      .finally(() => {
        round = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
