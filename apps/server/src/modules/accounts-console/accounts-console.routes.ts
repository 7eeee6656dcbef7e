import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountActionResponseSchema,
  accountActionSchema,
  accountDetailSchema,
  accountPageSchema,
  accountParamsSchema,
  accountSearchQuerySchema,
  premiumGrantSchema,
  tokenGrantSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { AccountsConsoleService } from './accounts-console.service';

/** The accounts of the operations console; who may do what: docs/product-rules.md. */
export const accountsConsoleRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsConsoleService;
}> = async (app, { accounts }) => {
  const action = { params: accountParamsSchema, response: { 200: accountActionResponseSchema } };

  app.get(
    '/admin/accounts',
    {
      config: { access: 'support' },
      schema: { querystring: accountSearchQuerySchema, response: { 200: accountPageSchema } },
    },
    async (request) => accounts.search(request.query),
  );

  app.get(
    '/admin/accounts/:userId',
    {
      config: { access: 'support' },
      schema: { params: accountParamsSchema, response: { 200: accountDetailSchema } },
    },
    async (request) => accounts.detail(request.params.userId),
  );

  app.post(
    '/admin/accounts/:userId/premium',
    { config: { access: 'admin' }, schema: { ...action, body: premiumGrantSchema } },
    async (request) =>
      accounts.grantPremium(
        signedIn(request).user,
        request.params.userId,
        request.body.dias,
        request.body.motivo,
      ),
  );

  app.post(
    '/admin/accounts/:userId/tokens',
    { config: { access: 'support' }, schema: { ...action, body: tokenGrantSchema } },
    async (request) =>
      accounts.grantTokens(
        signedIn(request).user,
        request.params.userId,
        request.body.pacotes,
        request.body.motivo,
      ),
  );

  app.post(
    '/admin/accounts/:userId/block',
    { config: { access: 'admin' }, schema: { ...action, body: accountActionSchema } },
    async (request) =>
      accounts.block(signedIn(request).user, request.params.userId, request.body.motivo),
  );

  app.post(
    '/admin/accounts/:userId/unblock',
    { config: { access: 'admin' }, schema: { ...action, body: accountActionSchema } },
    async (request) =>
      accounts.unblock(signedIn(request).user, request.params.userId, request.body.motivo),
  );

  app.post(
    '/admin/accounts/:userId/resend-verification',
    { config: { access: 'support' }, schema: { ...action, body: accountActionSchema } },
    async (request) =>
      accounts.resendVerification(
        signedIn(request).user,
        request.params.userId,
        request.body.motivo,
      ),
  );

  app.post(
    '/admin/accounts/:userId/end-sessions',
    { config: { access: 'support' }, schema: { ...action, body: accountActionSchema } },
    async (request) =>
      accounts.endSessions(signedIn(request).user, request.params.userId, request.body.motivo),
  );
};
