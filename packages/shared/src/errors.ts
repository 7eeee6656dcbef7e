import { z } from 'zod/mini';

/** Messages for errors that are not specific to one feature. Feature messages live beside their feature. */
export const COMMON_ERROR_MESSAGES = {
  'request/not-found': 'Recurso não encontrado.',
  'request/invalid': 'Os dados enviados são inválidos.',
  'request/too-large': 'Os dados enviados excedem o tamanho permitido.',
  'request/unsupported-media-type': 'Formato de conteúdo não suportado.',
  'request/rate-limited': 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  'request/timeout': 'A requisição demorou demais. Tente novamente.',
  'auth/unauthenticated': 'Você precisa estar logado para continuar.',
  'auth/forbidden': 'Você não tem permissão para realizar esta ação.',
  'auth/premium-required': 'Este recurso é exclusivo para assinantes Premium.',
  'server/internal': 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
  'server/unavailable':
    'O serviço está temporariamente indisponível. Tente novamente em instantes.',
} as const;

export type CommonErrorCode = keyof typeof COMMON_ERROR_MESSAGES;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** For 'request/invalid': the message of each invalid field, by its path ('email', 'text'). */
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
