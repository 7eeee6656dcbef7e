import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '@/db/client';
import { insertOutboxMessage } from './outbox.repo';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
      await transport.sendMail({ from: smtp.from, ...message });
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
      await insertOutboxMessage(db, message);
      // In development the link is logged so the account can be used at once; a link carries a
      // live code, so never anywhere else.
      const link = options.logLinks ? message.text.match(/https?:\/\/\S+/)?.[0] : undefined;
      log.info(
        { to: message.to, subject: message.subject, ...(link ? { link } : {}) },
        'e-mail guardado na caixa de saída de desenvolvimento (/dev/outbox)',
      );
    },
  };
}
