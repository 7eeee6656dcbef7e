/** Texts about the e-mail an action sends (docs/product-rules.md, "E-mail sent by an action"). */
export const MAIL_MESSAGES = {
  replySavedNotSent: (email: string) =>
    `A resposta foi registrada, mas o e-mail para ${email} não pôde ser enviado agora. Tente enviar de novo em alguns minutos.`,
} as const;
