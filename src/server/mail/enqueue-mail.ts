import type { Db } from '../db/client';
import { outbox, type MailAttachment } from '../db/schema';

export type Mail = {
  /** Which mail this is ('booking-confirmation'): logs name it instead of quoting the subject. */
  template: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Same key, one mail: lets a retried domain action enqueue safely. */
  dedupeKey?: string;
  /** Codes and links that act for the family (cancel links, redemption codes): hidden in the staff view. */
  secrets?: string[];
  /** Extra headers: a marketing mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export const HIDDEN_FROM_STAFF = '[hidden]';

/** The subject or text with every secret replaced: what the staff outbox view shows. */
function hideSecrets(text: string, secrets: string[]): string {
  return secrets.reduce((t, secret) => (secret ? t.split(secret).join(HIDDEN_FROM_STAFF) : t), text);
}

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
      headers: mail.headers ?? {},
      dedupeKey: mail.dedupeKey ?? null,
      template: mail.template,
      staffSubject: mail.secrets?.length ? hideSecrets(mail.subject, mail.secrets) : null,
      staffText: mail.secrets?.length ? hideSecrets(mail.text, mail.secrets) : null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
