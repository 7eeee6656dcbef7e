import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MESSAGES, PAYMENT_STATUS_LABELS, purchaseIdSchema, text } from '@gabarita/shared';
import type { TrustProxy } from '@/config';
import type { PurchaseRow, SandboxChargeRow } from '@/db/schema';
import { restrictToLocalClients } from '@/plugins/local-clients';
import { escapeHtml } from '@/modules/mail';
import type { BillingService } from './billing.service';
import type { SandboxProvider } from './pix/sandbox-provider';

export interface SandboxRoutesOptions {
  billing: BillingService;
  sandbox: SandboxProvider;
  appUrl: string;
  /** Which clients may use the page: this machine's (through trusted proxies), or everyone. */
  clients: { local: TrustProxy } | 'everyone';
}

const params = z.object({ purchaseId: text(100) });
const resultQuery = z.object({
  // Only shapes the message of the page: anything else is ignored.
  resultado: z.enum(['pago', 'estornado', 'recusado']).optional().catch(undefined),
  webhook: z.coerce.number().int().optional().catch(undefined),
});

const CHARGE_LABELS: Record<SandboxChargeRow['status'], string> = {
  pending: 'aguardando pagamento',
  approved: 'paga',
  cancelled: 'cancelada',
  refunded: 'estornada',
  charged_back: 'contestada',
};

/**
 * The sandbox's stand-in for the payer's bank app, linked from the payment page as 'Simular
 * pagamento'. Paying marks the sandbox charge paid and sends the signed notification a provider
 * would send to our own webhook, so the grant takes exactly the production path. Registered only
 * while the sandbox provider is active, and answering only to the server's own machine unless the
 * operator declared a public demonstration (PIX_SANDBOX_IN_PRODUCTION=true).
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (
  app,
  { billing, sandbox, appUrl, clients },
) => {
  if (clients !== 'everyone') restrictToLocalClients(app, clients.local);
  const open = { access: 'public' } as const;
  // The page's buttons are plain HTML forms (no scripts under the CSP); their fields are not used.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  async function find(purchaseId: string) {
    const purchase = purchaseIdSchema.safeParse(purchaseId).success
      ? await billing.sandboxPurchase(purchaseId)
      : undefined;
    if (!purchase?.providerPaymentId) return undefined;
    const charge = await sandbox.charge(purchase.providerPaymentId);
    return charge ? { purchase, charge } : undefined;
  }

  app.get(
    '/dev/pix/:purchaseId',
    { config: open, schema: { params, querystring: resultQuery } },
    async (request, reply) => {
      const found = await find(request.params.purchaseId);
      if (!found) return notFound(reply);
      return html(reply, 200, page(found.purchase, found.charge, request.query));
    },
  );

  /** Same-site forms only: another site must not pay or refund from a visitor's browser. */
  function sameSite(request: FastifyRequest) {
    const origin = request.headers.origin;
    return (
      origin === undefined ||
      origin === new URL(appUrl).origin ||
      origin === `${request.protocol}://${request.host}`
    );
  }

  async function notifyOurWebhook(paymentId: string) {
    const notification = sandbox.notificationFor(paymentId);
    // Through the whole HTTP stack of this server (routing, hooks, signature check), without
    // needing to know the address it is reached at.
    const response = await app.inject({
      method: 'POST',
      url: notification.url,
      headers: notification.headers,
      payload: notification.body,
    });
    return response.statusCode;
  }

  for (const action of ['pay', 'refund'] as const) {
    app.post(
      `/dev/pix/:purchaseId/${action}`,
      { config: open, schema: { params } },
      async (request, reply) => {
        if (!sameSite(request))
          return html(
            reply,
            403,
            shell('Ação recusada', '<p>Use os botões da própria página.</p>'),
          );
        const found = await find(request.params.purchaseId);
        if (!found) return notFound(reply);
        const paymentId = found.charge.id;
        const done =
          action === 'pay' ? await sandbox.approve(paymentId) : await sandbox.refund(paymentId);
        const query = new URLSearchParams(
          done
            ? {
                resultado: action === 'pay' ? 'pago' : 'estornado',
                webhook: String(await notifyOurWebhook(paymentId)),
              }
            : { resultado: 'recusado' },
        );
        return reply.redirect(`/dev/pix/${found.purchase.id}?${query}`, 303);
      },
    );
  }
};

function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // With the app's no-referrer policy a browser sends `Origin: null` on form posts, and the
      // same-site check below would refuse the page's own buttons.
      .header('referrer-policy', 'same-origin')
      .send(body)
  );
}

function notFound(reply: FastifyReply) {
  return html(
    reply,
    404,
    shell(
      'Cobrança não encontrada',
      `<p>${escapeHtml(PAYMENT_MESSAGES.paymentNotFound)} Gere um novo PIX na página de pagamento.</p>`,
    ),
  );
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

function price(centavos: number) {
  return `R$ ${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
}

function flash(query: z.infer<typeof resultQuery>) {
  if (query.resultado === 'recusado') {
    return '<p class="flash erro">Nada foi feito: a cobrança não está em um estado que permita esta ação.</p>';
  }
  if (!query.resultado) return '';
  const what = query.resultado === 'pago' ? 'Pagamento simulado' : 'Estorno simulado';
  const ok = query.webhook === 200;
  return `<p class="flash${ok ? '' : ' erro'}">${what}. A notificação assinada foi enviada ao webhook do Gabarita, que respondeu ${query.webhook ?? '?'}${ok ? '. Volte à aba do pagamento: ela é avisada em até um segundo.' : '.'}</p>`;
}

function page(
  purchase: PurchaseRow,
  charge: SandboxChargeRow,
  query: z.infer<typeof resultQuery>,
): string {
  const canPay = charge.status === 'pending' || charge.status === 'cancelled';
  const payLabel =
    charge.status === 'cancelled'
      ? 'Simular pagamento atrasado (a cobrança já foi cancelada pelo fim do prazo)'
      : PAYMENT_MESSAGES.simulatePayment;
  const buttons = [
    canPay
      ? `<form method="post" action="/dev/pix/${purchase.id}/pay"><button type="submit">${escapeHtml(payLabel)}</button></form>`
      : '',
    charge.status === 'approved'
      ? `<form method="post" action="/dev/pix/${purchase.id}/refund"><button type="submit" class="secundario">Simular estorno</button></form>`
      : '',
  ].join('\n');
  const qr = purchase.qrCodeBase64
    ? `<img src="data:image/png;base64,${purchase.qrCodeBase64}" width="240" height="240" alt="QR Code do PIX de teste">`
    : '';
  return shell(
    'PIX de teste',
    `${flash(query)}
<dl>
  <dt>Compra</dt><dd><code>${purchase.id}</code></dd>
  <dt>Produto</dt><dd>${escapeHtml(purchase.productType === 'plan' ? `Plano ${purchase.productName}` : `Pacote de tokens ${purchase.productName}`)}</dd>
  <dt>Valor</dt><dd>${price(charge.amountCentavos)}</dd>
  <dt>Situação da compra</dt><dd>${PAYMENT_STATUS_LABELS[purchase.status]}</dd>
  <dt>Prazo para pagar</dt><dd>até ${dateTime.format(purchase.expiresAt)}</dd>
  <dt>Cobrança no provedor de testes</dt><dd>${CHARGE_LABELS[charge.status]}</dd>
</dl>
${qr}
<p class="codigo"><code>${escapeHtml(charge.qrCode)}</code></p>
${buttons}`,
  );
}

function shell(title: string, content: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (desenvolvimento) - Gabarita</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 640px; padding: 24px; color: #0f172a; background: #f8fafc; }
  h1 { font-size: 22px; }
  .aviso { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 8px; padding: 12px 16px; }
  .flash { background: #dcfce7; border: 1px solid #16a34a; border-radius: 8px; padding: 12px 16px; }
  .flash.erro { background: #fee2e2; border-color: #dc2626; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; }
  dt { color: #475569; } dd { margin: 0; }
  .codigo code { display: block; word-break: break-all; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; padding: 12px; font-size: 13px; }
  form { display: inline-block; margin: 8px 8px 0 0; }
  button { font: inherit; padding: 10px 18px; border-radius: 8px; border: 0; background: #0f766e; color: #fff; cursor: pointer; }
  button.secundario { background: #475569; }
  img { display: block; margin: 16px 0; background: #fff; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="aviso">Este servidor usa o provedor de PIX de testes (sandbox): nenhum dinheiro de verdade é movimentado, e o código abaixo não pode ser pago em um banco.</p>
${content}
</main>
</body>
</html>`;
}
