import type { ProductType } from '@gabarita/shared';

/** The navigation state /pagamento receives: the product and its type in the product's words. */
export interface CheckoutState {
  product: string;
  productType: 'plano' | 'pacote';
}

const API_TYPES: Record<CheckoutState['productType'], ProductType> = {
  plano: 'plan',
  pacote: 'package',
};

export function checkoutState(productId: string, productType: ProductType): CheckoutState {
  return { product: productId, productType: productType === 'plan' ? 'plano' : 'pacote' };
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
