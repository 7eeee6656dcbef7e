import { z } from 'zod/mini';

/**
 * GET /api/dev/outbox (outside production, for clients on the server's machine): the e-mails the
 * server would have sent, with their links.
 */
export const outboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
