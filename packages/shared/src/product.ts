export const PRODUCT_NAME = 'Gabarita';
export const PRODUCT_TAGLINE = 'Sua Plataforma de Estudos';

/** The calendar day of every rule (free limit, quotas, plan validity) is the São Paulo day. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
