export const PRODUCT_NAME = 'Gabarita';
export const PRODUCT_TAGLINE = 'Sua Plataforma de Estudos';

/** The calendar day of every rule (free limit, quotas, plan validity) is the São Paulo day. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

/** How every mail the team sends ends; staff replies get it added, so nobody types it. */
export const MAIL_SIGNATURE = `Equipe ${PRODUCT_NAME}`;
export const MAIL_SIGNATURE_NOTE = `A assinatura “${MAIL_SIGNATURE}” entra sozinha no fim do e-mail: não é preciso escrevê-la.`;
