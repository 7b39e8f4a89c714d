import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { rowsOf, type Db } from '../db/client';
import { outbox } from '../db/schema';

export type MailTransport = { sendMail: (m: SendMailOptions) => Promise<unknown> };

export function createTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(smtpUrl);
}

// A claimed message is invisible to other workers for this long; a crash mid-send retries it then.
const CLAIM_SECONDS = 120;
const backoffSeconds = (attempts: number, base = 30) => Math.min(base * 2 ** (attempts - 1), 3600);

/**
 * Delivers due outbox messages once. Rows are claimed in a short transaction (SKIP LOCKED, so
 * several processes share the queue) and sent outside it, so a slow SMTP server never holds a
 * database lock. Without a transport, messages are marked kept: staff read them in the admin area.
 */
export async function deliverDueMail(opts: {
  db: Db;
  transport: MailTransport | null;
  from: string;
  log: Logger;
  batch?: number;
  retryBaseSeconds?: number;
}) {
  const { db, transport, from, log } = opts;
  const claimed = rowsOf<{ id: string }>(
    await db.execute(sql`
    update outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id in (
      select id from outbox where status = 'pending' and next_attempt_at <= now()
      order by created_at limit ${opts.batch ?? 20} for update skip locked)
    returning id`),
  );
  let sent = 0;
  for (const { id } of claimed) {
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!mail) continue;
    if (!transport) {
      await db.update(outbox).set({ status: 'kept' }).where(eq(outbox.id, id));
      // The template, never the subject: subjects can carry a code (the rewards code mail's does).
      log.info({ mailId: id, template: mail.template }, 'mail kept in outbox (no SMTP_URL)');
      continue;
    }
    try {
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${id}@playtimebarn.mail>`,
        headers: mail.headers,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          cid: a.cid,
        })),
      });
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(outbox)
        .set({
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(mail.attempts, opts.retryBaseSeconds)})`,
        })
        .where(eq(outbox.id, id));
      log.warn({ mailId: id, err: message }, 'mail delivery failed; will retry');
    }
  }
  return { claimed: claimed.length, sent };
}
