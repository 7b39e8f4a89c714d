import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { todayInLondon } from '../../shared/dates';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { rowsOf, type Db } from '../db/client';
import { giftVouchers } from '../db/schema';
import { getAppSecret } from '../security/app-secret';
import { sendRecipientMail } from './send-recipient-mail';

/**
 * One pass of the recipient mails: every active voucher whose send date (venue-local) has come and whose
 * mail has not gone gets it. Every process runs this, at the same time if it happens so: each batch is
 * one short transaction that claims at most `batch` vouchers FOR UPDATE SKIP LOCKED and asks again, once
 * the rows are its own, whether each is still unsent (the claim's snapshot may predate another process's
 * commit), so a mail goes once; the outbox's dedupe key is the backstop.
 */
export async function sendDueGiftVouchers(opts: {
  db: Db;
  now: Date;
  publicUrl: string;
  batch?: number;
}): Promise<{ sent: number }> {
  const { db, now, publicUrl } = opts;
  const batch = opts.batch ?? 50;
  const today = todayInLondon(now);
  const secret = await getAppSecret(db);
  const { venue } = await publicCatalogue(db, now);
  let sent = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { claimed, done } = await db.transaction(async (tx) => {
      const claimed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from gift_vouchers
          where sent_at is null and status = 'active' and send_on <= ${today}::date and id > ${after}::uuid
          order by id limit ${batch} for update skip locked`),
      ).map((r) => r.id);
      if (!claimed.length) return { claimed, done: 0 };
      const due = await tx
        .select()
        .from(giftVouchers)
        .where(
          sql`${giftVouchers.id} in (${sql.join(
            claimed.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and ${giftVouchers.sentAt} is null and ${giftVouchers.status} = 'active'`,
        );
      for (const v of due) await sendRecipientMail(tx, v, { secret, publicUrl, venue, now });
      return { claimed, done: due.length };
    });
    sent += done;
    if (claimed.length < batch) return { sent };
    after = claimed[claimed.length - 1]!;
  }
}

/** The job's run (app.ts runs it every REMINDER_INTERVAL_MS, on ctx.now's clock so tests move it). */
export async function sendDueGiftVouchersFor(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const { sent } = await sendDueGiftVouchers({ db: ctx.db, now: ctx.now(), publicUrl: publicUrlOf(ctx) });
  if (sent === 0) return;
  log.info({ giftVouchers: sent }, 'gift voucher mails queued');
  ctx.wakeMailer();
}
