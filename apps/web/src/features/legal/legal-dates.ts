/** Date of the current version of the terms (LEGAL_VERSIONS.termos in packages/shared). */
export const LEGAL_UPDATED_ON = '2 de outubro de 2025';
/**
 * Date of the current version of the privacy policy, the LGPD version (LEGAL_VERSIONS.privacidade in
 * packages/shared): a new date there makes every account accept the policy again.
 */
export const PRIVACY_UPDATED_ON = '26 de novembro de 2026';
