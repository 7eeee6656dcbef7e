import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatHistoryResponseSchema,
  chatRequestSchema,
  didacticContentDiscardSchema,
  didacticContentRequestSchema,
  feedbackRequestSchema,
  questionParamsSchema,
  tokensResponseSchema,
} from '@gabarita/shared';
import { sendEvents, serverStop, untilClientLeaves } from '@/lib/sse';
import { signedIn } from '@/plugins/access';
import type { AiService } from './ai.service';

/** Calls that spend tokens need a confirmed address, as every paid action does. */
const verified = { access: 'verified' } as const;

/**
 * The tutor's routes. Streams answer as Server-Sent Events (docs/architecture.md, "AI tutor");
 * refusals (402 limit/ai, 403 check first, 404, 429) come before the stream, as JSON errors.
 */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService }> = async (app, { ai }) => {
  // A graceful stop lets the answers being written finish within its grace period.
  ai.stopsWith(serverStop(app.server));

  app.post(
    '/questions/:id/feedback',
    { config: verified, schema: { params: questionParamsSchema, body: feedbackRequestSchema } },
    async (request, reply) => {
      const signal = untilClientLeaves(reply);
      const events = await ai.feedback(signedIn(request), request.params.id, request.body, signal);
      return sendEvents(reply, events);
    },
  );

  app.delete(
    '/questions/:id/feedback',
    { config: verified, schema: { params: questionParamsSchema } },
    async (request, reply) => {
      await ai.discardFeedback(signedIn(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/questions/:id/chat',
    { config: verified, schema: { params: questionParamsSchema, body: chatRequestSchema } },
    async (request, reply) => {
      const signal = untilClientLeaves(reply);
      const events = await ai.chat(signedIn(request), request.params.id, request.body, signal);
      return sendEvents(reply, events);
    },
  );

  app.get(
    '/questions/:id/chat',
    {
      config: verified,
      schema: { params: questionParamsSchema, response: { 200: chatHistoryResponseSchema } },
    },
    async (request) => ai.chatHistory(signedIn(request), request.params.id),
  );

  app.post(
    '/didactic-content',
    { config: verified, schema: { body: didacticContentRequestSchema } },
    async (request, reply) => {
      const signal = untilClientLeaves(reply);
      return sendEvents(reply, await ai.didactic(signedIn(request), request.body, signal));
    },
  );

  app.delete(
    '/didactic-content',
    { config: verified, schema: { body: didacticContentDiscardSchema } },
    async (request, reply) => {
      await ai.discardDidactic(signedIn(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me/tokens',
    { config: { access: 'user' }, schema: { response: { 200: tokensResponseSchema } } },
    async (request) => ai.tokens(signedIn(request)),
  );
};
