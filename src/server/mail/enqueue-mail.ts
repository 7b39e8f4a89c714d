import type { Db } from '../db/client';
import { outbox, type MailAttachment } from '../db/schema';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Same key, one mail: lets a retried domain action enqueue safely. */
  dedupeKey?: string;
};

/** Call inside the transaction that causes the mail, so the mail exists exactly when the change does. */
export async function enqueueMail(tx: Pick<Db, 'insert'>, mail: Mail): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? [],
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
