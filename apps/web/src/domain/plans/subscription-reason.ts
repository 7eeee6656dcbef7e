/** Why the user was sent to /assinatura (spec: subscription warnings). */
export type { SubscriptionReason } from '@gabarita/shared';
import { PATHS } from '@gabarita/shared';
import type { SubscriptionReason } from '@gabarita/shared';

export interface SubscriptionRedirectState {
  reason: SubscriptionReason;
  /** The question the user was on, to come back to after subscribing. */
  returnTo?: string;
}

/** The query parameters that repeat the state, so a reload keeps the warning and the way back. */
export const SUBSCRIPTION_REASON_PARAM = 'motivo';
export const SUBSCRIPTION_RETURN_PARAM = 'voltar';

function isReason(value: unknown): value is SubscriptionReason {
  return value === 'ai_limit' || value === 'question_limit';
}

/** Only the app's own study screens are places to come back to (never another site). */
const RETURN_PAGES = [PATHS.questions.path, PATHS.disciplines.path];

function isReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    RETURN_PAGES.some((page) => value === page || value.startsWith(`${page}?`))
  );
}

/**
 * Where to send a user whose free limit ran out: navigation state and query carry the reason and,
 * when given, the page to come back to.
 */
export function subscriptionLimitTarget(reason: SubscriptionReason, returnTo?: string) {
  const state: SubscriptionRedirectState = { reason, ...(returnTo && { returnTo }) };
  const params = new URLSearchParams({ [SUBSCRIPTION_REASON_PARAM]: reason });
  if (returnTo) params.set(SUBSCRIPTION_RETURN_PARAM, returnTo);
  return { to: `${PATHS.plans.path}?${params.toString()}`, state };
}

function fromState(state: unknown): Partial<Record<keyof SubscriptionRedirectState, unknown>> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** The reason from navigation state, else from ?motivo=; anything else is ignored. */
export function readSubscriptionReason(
  state: unknown,
  searchParams: URLSearchParams,
): SubscriptionReason | null {
  const { reason } = fromState(state);
  if (isReason(reason)) return reason;
  const fromQuery = searchParams.get(SUBSCRIPTION_REASON_PARAM);
  return isReason(fromQuery) ? fromQuery : null;
}

/** The study page to come back to, from navigation state or ?voltar=; null when there is none. */
export function readSubscriptionReturn(
  state: unknown,
  searchParams: URLSearchParams,
): string | null {
  const { returnTo } = fromState(state);
  if (isReturnPath(returnTo)) return returnTo;
  const fromQuery = searchParams.get(SUBSCRIPTION_RETURN_PARAM);
  return isReturnPath(fromQuery) ? fromQuery : null;
}

/**
 * The query parameters of a payment under way, so that a reload, a second tab or the way back from
 * the bank app finds it again: the purchase, and the study page to return to once paid.
 */
export const PURCHASE_PARAM = 'compra';

export function paymentUrl(purchaseId: string, returnTo: string | null): string {
  const params = new URLSearchParams({ [PURCHASE_PARAM]: purchaseId });
  if (returnTo) params.set(SUBSCRIPTION_RETURN_PARAM, returnTo);
  return `${PATHS.payment.path}?${params.toString()}`;
}
