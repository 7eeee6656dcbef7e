import { z } from 'zod/mini';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.nullable(z.number()),
  }),
  uptimeSeconds: z.number(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The process serves requests (a load balancer's or an orchestrator's liveness probe). */
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/** The instance can take traffic: its database answers and has every migration it expects. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
  migrations: z.boolean(),
});

export type ReadyResponse = z.infer<typeof readyResponseSchema>;
