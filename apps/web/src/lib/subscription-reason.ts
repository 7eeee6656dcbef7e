/** Why the user was sent to /assinatura (spec: subscription warnings). */
export type { SubscriptionReason } from '@gabarita/shared';
import type { SubscriptionReason } from '@gabarita/shared';

export interface SubscriptionRedirectState {
  reason: SubscriptionReason;
}

/** The query parameter that repeats the reason, so a reload still shows the warning. */
export const SUBSCRIPTION_REASON_PARAM = 'motivo';

function isReason(value: unknown): value is SubscriptionReason {
  return value === 'ai_limit' || value === 'question_limit';
}

/** Where to send a user whose free limit ran out: navigation state and query carry the reason. */
export function subscriptionLimitTarget(reason: SubscriptionReason) {
  const state: SubscriptionRedirectState = { reason };
  return { to: `/assinatura?${SUBSCRIPTION_REASON_PARAM}=${reason}`, state };
}

/** The reason from navigation state, else from ?motivo=; anything else is ignored. */
export function readSubscriptionReason(
  state: unknown,
  searchParams: URLSearchParams,
): SubscriptionReason | null {
  if (typeof state === 'object' && state !== null) {
    const { reason } = state as Record<string, unknown>;
    if (isReason(reason)) return reason;
  }
  const fromQuery = searchParams.get(SUBSCRIPTION_REASON_PARAM);
  return isReason(fromQuery) ? fromQuery : null;
}
