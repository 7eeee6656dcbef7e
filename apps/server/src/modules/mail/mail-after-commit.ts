import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import type { MailMessage, Mailer } from './mailer';

/** Queues a message, to be sent once the step's transaction has committed. */
export type MailAfterCommit = (message: MailMessage) => void;

/**
 * One service step and the e-mails it decides (docs/product-rules.md, "E-mail sent by an action"):
 * `step` runs as one transaction and queues its messages instead of sending them; they go to the
 * mail server only once the transaction has committed. A request that fails sends nothing, and a
 * transaction run again after a serialization failure queues its messages once. If the mail
 * server then refuses a message, the change stays made and `notSent` is thrown, for the caller to
 * say that the e-mail did not go. Not for use inside another transaction, whose commit is later.
 */
export async function commitThenMail<T>(
  db: Database,
  mailer: Mailer,
  step: (tx: Database, mail: MailAfterCommit) => Promise<T>,
  notSent: (error: unknown) => Error,
): Promise<T> {
  let queued: MailMessage[] = [];
  const result = await inTransaction(db, (tx) => {
    queued = [];
    return step(tx, (message) => queued.push(message));
  });
  for (const message of queued) {
    try {
      await mailer.send(message);
    } catch (error) {
      throw Object.assign(notSent(error), { cause: error });
    }
  }
  return result;
}
