import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { contentSecurityPolicy } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

export interface AppDependencies {
  database: DatabaseHandle;
  /** Present when this server holds the embedded database and accepts local operator commands. */
  operatorToken?: string;
}

export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(config.nodeEnv === 'development' && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
    },
    genReqId: () => randomUUID(),
    requestIdLogLabel: 'requestId',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config.appUrl) },
    strictTransportSecurity: config.appUrl.startsWith('https:'),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database });
      await api.register(authRoutes);
      if (deps.operatorToken) {
        await api.register(operatorRoutes, {
          database: deps.database,
          operatorToken: deps.operatorToken,
        });
      }
    },
    { prefix: '/api' },
  );
  await registerSpa(app, config.webDistDir);

  return app;
}
