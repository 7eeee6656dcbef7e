import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '@gabarita/shared';
import type { TrustProxy } from '@/config';
import type { Database } from '@/db/client';
import { restrictToLocalClients } from '@/plugins/local-clients';
import { escapeHtml } from './mail.templates';
import { listOutboxMessages } from './outbox.repo';

/**
 * Development outbox: lets a newcomer running `npm start` without SMTP open the verification link.
 * Registered only outside production, and answers only to clients on the server's own machine: it
 * holds every password-reset link.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database; trustProxy: TrustProxy }> = async (
  app,
  { db, trustProxy },
) => {
  restrictToLocalClients(app, trustProxy);
  // No account: whoever sits at the server's machine reads it.
  const open = { access: 'public' } as const;
  app.get(
    '/api/dev/outbox',
    { config: open, schema: { response: { 200: outboxResponseSchema } } },
    async () => ({
      messages: (await listOutboxMessages(db)).map((message) => ({
        ...message,
        createdAt: message.createdAt.toISOString(),
      })),
    }),
  );

  app.get('/dev/outbox', { config: open }, async (_request, reply) => {
    const messages = await listOutboxMessages(db);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(outboxPage(messages));
  });
};

function outboxPage(messages: Awaited<ReturnType<typeof listOutboxMessages>>): string {
  const dateTime = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  });
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">Para ${escapeHtml(message.to)} · ${dateTime.format(message.createdAt)}</p>
  <pre>${linkify(escapeHtml(message.text))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de saída (desenvolvimento) - Gabarita</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #0f172a; background: #f8fafc; }
  article { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 16px 20px; margin: 16px 0; }
  h1 { font-size: 22px; } h2 { font-size: 17px; margin: 0 0 4px; }
  .meta { color: #475569; font-size: 13px; margin: 0 0 12px; }
  pre { white-space: pre-wrap; font: inherit; margin: 0; }
  a { color: #0f766e; }
</style>
</head>
<body>
<h1>Caixa de saída de desenvolvimento</h1>
<p>Sem SMTP configurado, os e-mails do Gabarita ficam aqui. Os mais recentes aparecem primeiro.</p>
${items || '<p>Nenhuma mensagem ainda.</p>'}
</body>
</html>`;
}

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
