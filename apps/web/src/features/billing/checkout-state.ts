import type { PlansResponse, ProductType } from '@gabarita/shared';

/**
 * The navigation state /pagamento receives: the product and its type in the product's words, and
 * the study page to go back to once paid (when the free limit sent the user to the plans).
 */
export interface CheckoutState {
  product: string;
  productType: 'plano' | 'pacote';
  returnTo?: string;
}

const API_TYPES: Record<CheckoutState['productType'], ProductType> = {
  plano: 'plan',
  pacote: 'package',
};

export function checkoutState(
  productId: string,
  productType: ProductType,
  returnTo?: string | null,
): CheckoutState {
  return {
    product: productId,
    productType: productType === 'plan' ? 'plano' : 'pacote',
    ...(returnTo && { returnTo }),
  };
}

/** The product /pagamento was opened for, or null when either part is missing. */
export function readCheckoutState(
  state: unknown,
): { productId: string; productType: ProductType } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { product, productType } = state as Record<string, unknown>;
  if (typeof product !== 'string' || !product) return null;
  if (productType !== 'plano' && productType !== 'pacote') return null;
  return { productId: product, productType: API_TYPES[productType] };
}

/** The product being bought, as the server prices it; null when the offer has no such product. */
export function productOf(plans: PlansResponse, productId: string, productType: ProductType) {
  if (productType === 'package') {
    const offer = plans.package;
    return offer.id === productId
      ? {
          name: `Pacote de tokens ${offer.name}`,
          price: offer.priceCentavos,
          detail: 'Tokens que não expiram',
        }
      : null;
  }
  const plan = plans.plans.find((candidate) => candidate.id === productId);
  return plan
    ? {
        name: `Plano ${plan.name}`,
        price: plan.priceCentavos,
        detail: `${plan.durationLabel} de acesso Premium`,
      }
    : null;
}
