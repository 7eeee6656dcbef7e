/** Date of the current version of the terms and of the privacy policy (spec section 2). */
export const LEGAL_UPDATED_ON = '2 de outubro de 2025';
