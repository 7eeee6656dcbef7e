/** Date of the current version of the terms (the product's date). */
export const LEGAL_UPDATED_ON = '2 de outubro de 2025';
/** Date of the current version of the privacy policy: it has named every cookie since then. */
export const PRIVACY_UPDATED_ON = '25 de novembro de 2026';
