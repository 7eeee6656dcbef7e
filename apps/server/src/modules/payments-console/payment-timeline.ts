import {
  PIX_CODE_VALIDITY_MINUTES,
  NOTIFICATION_SOURCE_LABELS,
  PAYMENT_STATUS_LABELS,
  type TimelineEntry,
} from '@gabarita/shared';
import type { auditLog, PaymentNotificationRow, PurchaseRow } from '@/db/schema';

type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * A purchase's history assembled from what is stored: its own timestamps, each provider answer
 * the settlement applied (payment_notifications: webhook, reconciliation or refund, and whether it
 * changed the purchase) and the console's audit entries about it.
 */
export function purchaseTimeline(
  row: PurchaseRow,
  audit: AuditLogRow[],
  notifications: PaymentNotificationRow[] = [],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const add = (
    at: Date,
    kind: TimelineEntry['kind'],
    label: string,
    detail: string | null = null,
  ) => entries.push({ at: at.toISOString(), kind, label, detail });

  add(row.createdAt, 'created', 'Compra criada', `${row.productName} via ${row.provider}`);
  if (row.providerPaymentId) {
    // The window to pay starts when the charge's code is shown, right after it is created.
    const chargedAt = new Date(row.expiresAt.getTime() - PIX_CODE_VALIDITY_MINUTES * 60_000);
    add(
      chargedAt < row.createdAt ? row.createdAt : chargedAt,
      'charge',
      'Cobrança PIX gerada no provedor',
      `Cobrança ${row.providerPaymentId}; último status no provedor: ${row.providerStatus ?? '—'}`,
    );
  }
  if (row.paidAt) add(row.paidAt, 'paid', 'Pagamento confirmado pelo provedor');
  if (row.grantedAt) {
    add(
      row.grantedAt,
      'granted',
      row.productType === 'plan' ? 'Premium liberado' : 'Tokens do pacote liberados',
      row.validUntil ? `Premium até ${row.validUntil.toISOString()}` : null,
    );
  }
  switch (row.status) {
    case 'expired':
      add(row.expiresAt, 'expired', PAYMENT_STATUS_LABELS.expired);
      break;
    case 'cancelled':
    case 'rejected':
    case 'failed':
      add(row.updatedAt, row.status, PAYMENT_STATUS_LABELS[row.status]);
      break;
    case 'refunded':
    case 'charged_back':
      add(
        row.reversedAt ?? row.updatedAt,
        'reversed',
        PAYMENT_STATUS_LABELS[row.status],
        row.reversedAt
          ? 'O que a compra liberou foi retirado da conta.'
          : 'Nada havia sido liberado; nada foi retirado.',
      );
      break;
  }
  for (const notification of notifications) {
    add(
      notification.receivedAt,
      'notification',
      `Notificação do provedor: ${notification.providerStatus}`,
      `Via ${NOTIFICATION_SOURCE_LABELS[notification.source]}; ${
        notification.changed ? 'alterou a compra' : 'não alterou a compra'
      }`,
    );
  }
  for (const entry of audit) add(entry.at, 'operator', entry.summary, entry.actorLabel);
  // Stable: entries at the same instant keep the order above (the lifecycle's order).
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
