import { desc } from 'drizzle-orm';
import type { OutboxMailDto } from '../../shared/contracts/admin-outbox';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { HIDDEN_FROM_STAFF } from '../mail/enqueue-mail';

const LIST_LIMIT = 100;

/** The latest mails, newest first: what families and staff were sent, or would have been. */
export async function listOutbox(opts: { db: Db }): Promise<OutboxMailDto[]> {
  const rows = await opts.db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      staffSubject: outbox.staffSubject,
      staffText: outbox.staffText,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      text: outbox.text,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(LIST_LIMIT);
  // Staff see each mail with the codes and links that act for the family hidden (enqueue-mail.ts).
  return rows.map(({ staffSubject, staffText, ...r }) => ({
    ...r,
    subject: staffSubject ?? r.subject,
    text: redactCancelLinks(staffText ?? r.text),
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/** Mails queued before the staff copy existed: their cancel links are hidden by pattern. */
function redactCancelLinks(text: string): string {
  return text.replace(/\S*\/cancel-booking\?token=\S+/g, HIDDEN_FROM_STAFF);
}
