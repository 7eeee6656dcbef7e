import { BUSINESS_TIME_ZONE, PRODUCT_NAME } from '@gabarita/shared';
import { escapeHtml, mailButton, mailLayout, type MailMessage } from '@/modules/mail';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

/**
 * Sent for every finished export, to the account's own address: it also warns the owner when
 * someone else with their session asked for a copy of their data. No text typed by anyone.
 */
export function exportReadyMail(parts: { to: string; link: string; expiresAt: Date }): MailMessage {
  const subject = 'Seus dados estão prontos';
  const intro = `O arquivo com os dados da sua conta no ${PRODUCT_NAME}, pedido em Minha Conta, está pronto para baixar.`;
  const expiry = `Ele pode ser baixado até ${dateTime.format(parts.expiresAt)} (horário de Brasília). Depois disso, peça um novo arquivo em Minha Conta.`;
  const warning =
    'Se não foi você quem pediu, alguém pode estar usando a sua conta: troque a sua senha e use "Sair de todos os dispositivos" em Minha Conta.';
  const text = [
    'Olá!',
    '',
    intro,
    '',
    `Baixar meus dados: ${parts.link}`,
    '',
    expiry,
    '',
    warning,
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = mailLayout(`<p>Olá!</p>
        <p>${escapeHtml(intro)}</p>
        <p style="margin:28px 0">${mailButton('Baixar meus dados', parts.link)}</p>
        <p style="font-size:13px;color:#475569">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(parts.link)}" style="color:#0f766e;word-break:break-all">${escapeHtml(parts.link)}</a></p>
        <p>${escapeHtml(expiry)}</p>
        <p style="font-size:13px;color:#475569">${escapeHtml(warning)}</p>`);
  return { to: parts.to, subject, text, html };
}
