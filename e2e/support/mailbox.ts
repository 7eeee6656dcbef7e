import fs from 'node:fs';
import path from 'node:path';
import type { CaughtMail } from '../../apps/server/test/helpers/smtp-catcher';

/** The newest e-mail the loopback SMTP server caught for this address. */
export async function lastMailTo(address: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs
      .readdirSync(dir)
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CaughtMail)
      .filter((mail) => mail.to.includes(address));
    if (mails.length > 0) return mails.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nenhum e-mail chegou para ${address}`);
}

/** The action link of an e-mail, as the person would click it. */
export function actionLinkIn(mail: CaughtMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/auth\/action\?\S+/)?.[0];
  if (!link) throw new Error(`sem link de ação em: ${mail.text}`);
  return link;
}
