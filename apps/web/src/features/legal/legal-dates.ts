/** Date of the current version of the terms and of the privacy policy (the product's dates). */
export const LEGAL_UPDATED_ON = '2 de outubro de 2025';
