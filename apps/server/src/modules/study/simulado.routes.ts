import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSimuladoRequestSchema,
  simuladoAnswerParamsSchema,
  simuladoAnswerRequestSchema,
  simuladoListResponseSchema,
  simuladoParamsSchema,
  simuladoSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { SimuladoService } from './simulado.service';

/**
 * Starting a simulado is Premium; a started one can be answered, finished and read by its owner
 * (a plan that lapses mid-simulado does not take away the work already done).
 */
export const simuladoRoutes: FastifyPluginAsyncZod<{ simulados: SimuladoService }> = async (
  app,
  { simulados },
) => {
  app.post(
    '/simulados',
    {
      config: { access: 'premium' },
      schema: { body: createSimuladoRequestSchema, response: { 201: simuladoSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await simulados.create(signedIn(request), request.body)),
  );

  app.get(
    '/simulados',
    { config: { access: 'user' }, schema: { response: { 200: simuladoListResponseSchema } } },
    async (request) => ({ items: await simulados.list(signedIn(request)) }),
  );

  app.get(
    '/simulados/:id',
    {
      config: { access: 'user' },
      schema: { params: simuladoParamsSchema, response: { 200: simuladoSchema } },
    },
    async (request) => simulados.get(signedIn(request), request.params.id),
  );

  app.put(
    '/simulados/:id/answers/:questionId',
    {
      config: { access: 'user' },
      schema: { params: simuladoAnswerParamsSchema, body: simuladoAnswerRequestSchema },
    },
    async (request, reply) => {
      const { id, questionId } = request.params;
      await simulados.answer(signedIn(request), id, questionId, request.body.letter);
      return reply.status(204).send();
    },
  );

  app.post(
    '/simulados/:id/finish',
    {
      config: { access: 'user' },
      schema: { params: simuladoParamsSchema, response: { 200: simuladoSchema } },
    },
    async (request) => simulados.finish(signedIn(request), request.params.id),
  );
};
