import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '@/db/client';
import { insertOutboxMessage } from './outbox.repo';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What the development outbox keeps instead of `to`, for a message to an address that must not
   * stay stored anywhere (the confirmation of an account's deletion).
   */
  outboxTo?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Rejects when the message could not be handed over; callers turn that into the spec's message. */
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    kind: 'smtp',
    async send(message) {
      const { to, subject, text, html } = message;
      await transport.sendMail({ from: smtp.from, to, subject, text, html });
    },
  };
}

/** Without SMTP the messages are kept in the database and listed at /dev/outbox. */
export function createOutboxMailer(
  db: Database,
  log: FastifyBaseLogger,
  options: { logLinks: boolean },
): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const to = message.outboxTo ?? message.to;
      await insertOutboxMessage(db, {
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // In development the link is logged so the account can be used at once; a link carries a
      // live code, so never anywhere else.
      const link = options.logLinks ? message.text.match(/https?:\/\/\S+/)?.[0] : undefined;
      log.info(
        { to, subject: message.subject, ...(link ? { link } : {}) },
        'e-mail guardado na caixa de saída de desenvolvimento (/dev/outbox)',
      );
    },
  };
}
