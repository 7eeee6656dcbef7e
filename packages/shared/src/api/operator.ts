import { z } from 'zod/mini';

/**
 * POST /api/internal/operator/:command (an operator command sent to the running server, which
 * holds the database): the lines the command printed. Its refusal is the usual error envelope.
 */
export const operatorOutputSchema = z.object({ output: z.array(z.string()) });

export type OperatorOutput = z.infer<typeof operatorOutputSchema>;
