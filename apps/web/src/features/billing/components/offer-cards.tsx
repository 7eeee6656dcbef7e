import type { PackageOffer, PlanOffer } from '@gabarita/shared';
import { PAYMENT_MESSAGES } from '@gabarita/shared';
import { Coins } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { formatInteger, formatPrice } from '@/lib/formatters';
import { useTutorInfo } from '@/domain/app-info';

function Prices({ oldPrice, price }: { oldPrice: number; price: number }) {
  return (
    <div className="mt-4">
      <p className="text-sm text-ink-muted">
        De <del className="tabular-nums">{formatPrice(oldPrice)}</del> por:
      </p>
      <p className="mt-0.5 text-3xl font-semibold tracking-tight tabular-nums text-ink">
        {formatPrice(price)}
      </p>
    </div>
  );
}

/** One time plan: name, duration, old and current price, 'Assinar'. */
export function PlanCard({ plan, onChoose }: { plan: PlanOffer; onChoose: () => void }) {
  const perDay = Math.round(plan.priceCentavos / plan.days);
  return (
    <li className={cardClasses({ className: 'flex flex-col' })}>
      <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
      <p className="text-sm text-ink-muted">{plan.durationLabel} de acesso Premium</p>
      <Prices oldPrice={plan.oldPriceCentavos} price={plan.priceCentavos} />
      <p className="mt-1 text-xs text-ink-muted">
        {plan.days > 1 ? `${formatPrice(perDay)} por dia` : 'Pagamento único'}
      </p>
      <Button
        className="mt-5 w-full"
        onClick={onChoose}
        aria-label={`${PAYMENT_MESSAGES.subscribe} ${plan.name}`}
      >
        {PAYMENT_MESSAGES.subscribe}
      </Button>
    </li>
  );
}

/** The token package: what it adds, old and current price, 'Comprar Pacote'. */
export function PackageCard({ offer, onChoose }: { offer: PackageOffer; onChoose: () => void }) {
  const tutor = useTutorInfo();
  const usedWith =
    tutor?.languageModel === false
      ? 'para usar com o tutor e nas conferências além do limite diário'
      : 'para usar com a Inteligência Artificial';
  return (
    <section
      aria-labelledby="pacote-tokens"
      className={cardClasses({ className: 'flex flex-col gap-5 sm:flex-row sm:items-center' })}
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
        <Coins className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="pacote-tokens" className="text-lg font-semibold text-ink">
          Pacote de tokens {offer.name}
        </h2>
        <p className="mt-1 text-sm leading-6 text-ink-muted">
          Adiciona {formatInteger(offer.inputTokens)} tokens de entrada e{' '}
          {formatInteger(offer.outputTokens)} tokens de saída {usedWith}, mesmo em conta gratuita.
          Os tokens do pacote não expiram e são usados antes da cota diária do Premium.
        </p>
      </div>
      <div className="shrink-0 sm:w-48">
        <Prices oldPrice={offer.oldPriceCentavos} price={offer.priceCentavos} />
        <Button variant="secondary" className="mt-3 w-full" onClick={onChoose}>
          {PAYMENT_MESSAGES.buyPackage}
        </Button>
      </div>
    </section>
  );
}
