import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCatcher(options: { onMessage?: (mail: CaughtMail) => void } = {}) {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = {
            to: Array.isArray(parsed.to) ? parsed.to[0]!.text : (parsed.to?.text ?? ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          messages.push(mail);
          options.onMessage?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to this address, waiting a little for it to arrive. */
    async lastTo(address: string): Promise<CaughtMail> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const found = messages.filter((message) => message.to.includes(address)).at(-1);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no e-mail arrived for ${address}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** An SMTP address on loopback where nothing listens: every message to it is refused at once. */
export async function unreachableSmtpUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** The oobCode of the action link in a message. */
export function actionCodeIn(
  mail: Pick<CaughtMail, 'text'>,
  mode: 'verifyEmail' | 'resetPassword' | 'changeEmail',
): string {
  const link = mail.text.match(/https?:\/\/\S+\/auth\/action\?\S+/)?.[0];
  if (!link) throw new Error(`no action link in: ${mail.text}`);
  const url = new URL(link);
  if (url.searchParams.get('mode') !== mode)
    throw new Error(`expected a ${mode} link, got ${link}`);
  return url.searchParams.get('oobCode')!;
}
