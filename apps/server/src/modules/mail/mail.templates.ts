import { PRODUCT_NAME, countLabel, plural } from '@gabarita/shared';
import type { MailMessage } from './mailer';

/**
 * Action mails carry no text chosen by the account holder: they go to addresses nobody has proven
 * yet, and a name like "Ganhe um prêmio em exemplo.com" would turn them into phishing mail.
 */
interface ActionMail {
  to: string;
  link: string;
}

export function verificationMail({ to, link }: ActionMail): MailMessage {
  return actionMail({
    to,
    subject: `Confirme seu e-mail no ${PRODUCT_NAME}`,
    greeting: 'Olá!',
    intro: `Falta pouco para você começar a estudar no ${PRODUCT_NAME}. Confirme seu endereço de e-mail clicando no botão abaixo.`,
    button: 'Confirmar e-mail',
    link,
    outro: 'O link vale por 3 dias. Se você não criou uma conta, ignore esta mensagem.',
  });
}

export function passwordResetMail({ to, link }: ActionMail): MailMessage {
  return actionMail({
    to,
    subject: `Redefinição de senha do ${PRODUCT_NAME}`,
    greeting: 'Olá!',
    intro:
      'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, clique no botão abaixo.',
    button: 'Redefinir senha',
    link,
    outro:
      'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
  });
}

/** The link that proves a new address; like every action mail, nothing in it was typed by the account holder. */
export function emailChangeMail({ to, link }: ActionMail): MailMessage {
  return actionMail({
    to,
    subject: `Confirme seu novo e-mail no ${PRODUCT_NAME}`,
    greeting: 'Olá!',
    intro: `Recebemos um pedido para usar este endereço como o e-mail de uma conta do ${PRODUCT_NAME}. Para confirmar, clique no botão abaixo.`,
    button: 'Confirmar novo e-mail',
    link,
    outro:
      'O link vale por 24 horas e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem: nada muda.',
  });
}

/** To the address in use: a change to `newEmail` was asked for; the link is not in this mail. */
export function emailChangeRequestedMail(parts: {
  to: string;
  newEmail: string;
  recoveryLink: string;
}): MailMessage {
  return noticeMail({
    to: parts.to,
    subject: `Pedido de alteração do e-mail da sua conta no ${PRODUCT_NAME}`,
    paragraphs: [
      'Olá!',
      `Recebemos um pedido para alterar o e-mail da sua conta para ${parts.newEmail}. A alteração só acontece quando alguém abrir o link que enviamos para esse novo endereço.`,
      'Se foi você, não precisa fazer nada aqui. Se não foi, alguém pode saber a sua senha: redefina-a agora mesmo pelo botão abaixo. Redefinir a senha cancela o pedido.',
    ],
    button: { label: 'Redefinir minha senha', link: parts.recoveryLink },
  });
}

/** To the address the account used until now, once the new one was proven. */
export function emailChangedMail(parts: {
  to: string;
  newEmail: string;
  recoveryLink: string;
}): MailMessage {
  return noticeMail({
    to: parts.to,
    subject: `Seu e-mail foi alterado no ${PRODUCT_NAME}`,
    paragraphs: [
      'Olá!',
      `Seu e-mail foi alterado para ${parts.newEmail}. A partir de agora, entre no ${PRODUCT_NAME} com esse endereço; este aqui não recebe mais mensagens da conta.`,
      `Se você não fez essa alteração, fale conosco respondendo a esta mensagem ou redefina a senha da conta: ${parts.recoveryLink}`,
    ],
  });
}

/** The code that confirms the deletion of an account signed in with Google. */
export function deletionCodeMail(parts: { to: string; code: string }): MailMessage {
  return noticeMail({
    to: parts.to,
    subject: `Código para excluir sua conta no ${PRODUCT_NAME}`,
    paragraphs: [
      'Olá!',
      `Recebemos um pedido para excluir a sua conta. Para confirmar, digite este código na página Minha Conta: ${parts.code}`,
      'O código vale por 15 minutos. Se você não pediu a exclusão, ignore esta mensagem: sua conta continua como está.',
    ],
  });
}

/** After the deletion: what was erased, what is kept and why, under which reference. */
export function accountDeletedMail(parts: {
  to: string;
  pseudonym: string;
  keptPurchases: number;
  privacyEmail: string | undefined;
}): MailMessage {
  const kept =
    parts.keptPurchases > 0
      ? `Mantemos apenas os registros ${plural(parts.keptPurchases, 'da sua', 'das suas')} ${countLabel(parts.keptPurchases, 'compra', 'compras')} (produto, valor, datas e situação do pagamento), sem o seu nome nem o seu e-mail, porque a lei fiscal nos obriga a guardá-los pelo prazo legal. Eles ficam identificados pela referência ${parts.pseudonym}: informe-a se precisar falar conosco sobre algum pagamento.`
      : 'Sua conta não tinha compras: não guardamos nenhum registro seu.';
  return noticeMail({
    to: parts.to,
    subject: `Sua conta foi excluída do ${PRODUCT_NAME}`,
    paragraphs: [
      'Olá!',
      'Sua conta foi excluída, como você pediu. Apagamos seus dados pessoais: nome, e-mail, senha, foto, histórico de estudo, caderno de erros, simulados, conversas com o tutor, reportes de erro, mensagens à Central de Ajuda, tokens, plano e aceites dos termos. Todas as sessões foram encerradas.',
      kept,
      'Você pode criar uma nova conta com este mesmo e-mail quando quiser.',
      ...(parts.privacyEmail ? [`Dúvidas sobre seus dados: ${parts.privacyEmail}.`] : []),
    ],
  });
}

/** A message with no action to take through a link of ours (or one, optional). */
function noticeMail(parts: {
  to: string;
  subject: string;
  paragraphs: string[];
  button?: { label: string; link: string };
}): MailMessage {
  const text = [
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(parts.button ? [`${parts.button.label}: ${parts.button.link}`, ''] : []),
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = mailLayout(
    parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n        ') +
      (parts.button
        ? `\n        <p style="margin:28px 0">${mailButton(parts.button.label, parts.button.link)}</p>`
        : ''),
  );
  return { to: parts.to, subject: parts.subject, text, html };
}

interface ActionMailParts {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  link: string;
  outro: string;
}

function actionMail(parts: ActionMailParts): MailMessage {
  const text = [
    parts.greeting,
    '',
    parts.intro,
    '',
    `${parts.button}: ${parts.link}`,
    '',
    parts.outro,
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');

  const html = mailLayout(`<p>${escapeHtml(parts.greeting)}</p>
        <p>${escapeHtml(parts.intro)}</p>
        <p style="margin:28px 0">${mailButton(parts.button, parts.link)}</p>
        <p style="font-size:13px;color:#475569">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(parts.link)}" style="color:#0f766e;word-break:break-all">${escapeHtml(parts.link)}</a></p>
        <p style="font-size:13px;color:#475569">${escapeHtml(parts.outro)}</p>`);

  return { to: parts.to, subject: parts.subject, text, html };
}

/**
 * The team's reply to an error report. The text is the editor's (staff, not the account holder),
 * escaped, with the link to the question.
 */
export function reportReplyMail(parts: {
  to: string;
  questionLabel: string;
  message: string;
  link: string;
}): MailMessage {
  const subject = `${PRODUCT_NAME}: resposta ao seu reporte de erro (${parts.questionLabel})`;
  const text = [
    parts.message,
    '',
    `Ver a questão: ${parts.link}`,
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const paragraphs = parts.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = mailLayout(
    `${paragraphs}\n        <p style="margin:28px 0">${mailButton('Ver a questão', parts.link)}</p>`,
  );
  return { to: parts.to, subject, text, html };
}

/**
 * Support's reply to a help-centre message: the reply (staff text, escaped), then the customer's
 * message quoted, so the thread reads on its own in the customer's mailbox.
 */
export function helpReplyMail(parts: {
  to: string;
  message: string;
  original: string;
  originalDate: string;
}): MailMessage {
  const subject = `${PRODUCT_NAME}: resposta à sua mensagem na Central de Ajuda`;
  const quoteHeader = `Em ${parts.originalDate}, você escreveu:`;
  const text = [
    parts.message,
    '',
    `Equipe ${PRODUCT_NAME}`,
    '',
    quoteHeader,
    ...parts.original.split('\n').map((line) => `> ${line}`),
  ].join('\n');
  const paragraphs = (value: string) =>
    value
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('');
  const html = mailLayout(
    `${paragraphs(parts.message)}
        <p style="margin-top:28px;font-size:13px;color:#475569">${escapeHtml(quoteHeader)}</p>
        <blockquote style="margin:0;padding:0 0 0 12px;border-left:3px solid #cbd5e1;color:#475569">${paragraphs(parts.original)}</blockquote>`,
  );
  return { to: parts.to, subject, text, html };
}

/** The product's mail: its name on top, the content, the team's signature. */
export function mailLayout(content: string): string {
  return `<!doctype html>
<html lang="pt-BR">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
      <tr><td style="padding:28px 32px 8px;font-size:20px;font-weight:bold;color:#0f766e">${PRODUCT_NAME}</td></tr>
      <tr><td style="padding:8px 32px;font-size:16px;line-height:1.5">
        ${content}
      </td></tr>
      <tr><td style="padding:8px 32px 28px;font-size:13px;color:#475569">Equipe ${PRODUCT_NAME}</td></tr>
    </table>
  </body>
</html>`;
}

export function mailButton(label: string, link: string): string {
  return `<a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
