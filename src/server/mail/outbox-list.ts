import { desc } from 'drizzle-orm';
import type { OutboxMailDto } from '../../shared/contracts/admin-outbox';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

const LIST_LIMIT = 100;

/** The latest mails, newest first: what families and staff were sent, or would have been. */
export async function listOutbox(opts: { db: Db }): Promise<OutboxMailDto[]> {
  const rows = await opts.db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
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
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}
