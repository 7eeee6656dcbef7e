import {
  plural,
  PAYMENT_MESSAGES,
  type PackagePurchase,
  type PlanPurchase,
  type PurchaseHistory,
} from '@gabarita/shared';
import { QrCode, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime, formatPrice, formatTime } from '@/lib/formatters';
import { paymentUrl } from '@/domain/plans/subscription-reason';

export function EmptyHistory({
  icon: Icon,
  text,
  hint,
}: {
  icon: LucideIcon;
  text: string;
  /** What would be listed here, so one empty history is not taken for the other. */
  hint: string;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-4 py-8 text-center">
      <Icon className="size-6 text-ink-muted" aria-hidden="true" />
      <p className="mt-2 text-sm font-medium text-ink">{text}</p>
      <p className="mt-1 text-xs text-ink-muted">{hint}</p>
    </div>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2 lg:col-span-1' : ''}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium tabular-nums text-ink">{children}</dd>
    </div>
  );
}

function PurchaseList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-line">
      {children}
    </ul>
  );
}

const purchaseCode = (id: string) => <span className="font-mono text-xs">{id}</span>;

function PlanRow({ purchase }: { purchase: PlanPurchase }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Produto">Plano {purchase.productName}</Field>
        <Field label="Data da compra">{formatDateTime(purchase.purchasedAt)}</Field>
        <Field label="Preço">{formatPrice(purchase.priceCentavos)}</Field>
        <Field label="Válido até">{formatDateTime(purchase.validUntilDisplay)}</Field>
        <Field label="Código da compra" wide>
          {purchaseCode(purchase.purchaseId)}
        </Field>
      </dl>
    </li>
  );
}

function PackageRow({ purchase }: { purchase: PackagePurchase }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Código da compra" wide>
          {purchaseCode(purchase.purchaseId)}
        </Field>
        <Field label="Pacote">{purchase.productName}</Field>
        <Field label="Preço">{formatPrice(purchase.priceCentavos)}</Field>
        <Field label="Data da compra">{formatDateTime(purchase.purchasedAt)}</Field>
      </dl>
    </li>
  );
}

/** Paid plans, newest first, or the product's empty text. */
export function PlanPurchases({
  history,
  emptyIcon,
}: {
  history: PurchaseHistory;
  emptyIcon: LucideIcon;
}) {
  if (history.plans.length === 0) {
    return (
      <EmptyHistory
        icon={emptyIcon}
        text={PAYMENT_MESSAGES.noPlanPurchases}
        hint="Os planos Premium que você comprar aparecem aqui."
      />
    );
  }
  return (
    <PurchaseList label="Planos comprados">
      {history.plans.map((purchase) => (
        <PlanRow key={purchase.purchaseId} purchase={purchase} />
      ))}
    </PurchaseList>
  );
}

/** Paid token packages, newest first, or the product's empty text. */
export function PackagePurchases({
  history,
  emptyIcon,
}: {
  history: PurchaseHistory;
  emptyIcon: LucideIcon;
}) {
  if (history.packages.length === 0) {
    return (
      <EmptyHistory
        icon={emptyIcon}
        text={PAYMENT_MESSAGES.noPackagePurchases}
        hint="Os pacotes de tokens que você comprar aparecem aqui."
      />
    );
  }
  return (
    <PurchaseList label="Pacotes comprados">
      {history.packages.map((purchase) => (
        <PackageRow key={purchase.purchaseId} purchase={purchase} />
      ))}
    </PurchaseList>
  );
}

/**
 * PIX codes still waiting to be paid: each leads back to its payment page, with the same code and
 * countdown. Nothing is shown when there are none.
 */
export function PendingPurchases({ history }: { history: PurchaseHistory }) {
  if (history.pending.length === 0) return null;
  return (
    <Notice tone="info" role="status">
      <p className="font-semibold">
        {plural(history.pending.length, 'Um PIX aguarda pagamento', 'PIX aguardando pagamento')}
      </p>
      <ul aria-label="PIX aguardando pagamento" className="mt-2 space-y-3">
        {history.pending.map((purchase) => (
          <li
            key={purchase.purchaseId}
            className="flex flex-col gap-2 font-normal sm:flex-row sm:items-center sm:justify-between"
          >
            <span>
              {purchase.productType === 'plan' ? 'Plano' : 'Pacote de tokens'}{' '}
              {purchase.productName}, {formatPrice(purchase.priceCentavos)}: pague até{' '}
              {formatTime(purchase.expiresAt)}.
            </span>
            <Link
              to={paymentUrl(purchase.purchaseId, null)}
              className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
            >
              <QrCode className="size-4" aria-hidden="true" />
              Continuar pagamento
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
