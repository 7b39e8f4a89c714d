import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { outbox, waitingListEntries } from '../../db/schema';
import { staffRequest } from '../../testing/staff-fixtures';

/** Leaves exactly `room` places in one session of one date (capacity set to what is taken plus `room`). */
export async function setRoom(db: Db, date: string, sessionId: string, room: number): Promise<void> {
  await db.execute(sql`
    insert into session_occupancy (visit_date, session_id, capacity)
    select ${date}::date, id, capacity from session_times where id = ${sessionId} on conflict do nothing`);
  await db.execute(sql`
    update session_occupancy set capacity = taken + ${room} where visit_date = ${date}::date and session_id = ${sessionId}`);
}

/** A family call with its session cookie (none: a stranger): the same cookie request as a staff one. */
export const familyCall = (app: FastifyInstance, cookie?: string) => staffRequest(app, cookie);

export async function entryRows(db: Db) {
  return db.select().from(waitingListEntries).orderBy(waitingListEntries.createdAt);
}

export async function entryOf(db: Db, email: string) {
  const [row] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.email, email));
  if (!row) throw new Error(`no waiting list entry for ${email}`);
  return row;
}

/** The newest offer mail to `email` and the token of its checkout link. */
export async function offerMail(db: Db, email: string): Promise<{ text: string; link: string; token: string }> {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(sql`${outbox.toAddress} = ${email} and ${outbox.template} = 'waiting-list-offer'`)
    .orderBy(desc(outbox.createdAt));
  if (!mail) throw new Error(`no offer mail to ${email}`);
  const link = /\S+\/booking\?\S+/.exec(mail.text)![0];
  return { text: mail.text, link, token: new URL(link).searchParams.get('offer')! };
}

export async function offerMailCount(db: Db, email?: string): Promise<number> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      email
        ? sql`${outbox.template} = 'waiting-list-offer' and ${outbox.toAddress} = ${email}`
        : sql`${outbox.template} = 'waiting-list-offer'`,
    );
  return rows.length;
}

/** The mails telling `email` an offer ran out, oldest first. */
export async function offerEndedMails(db: Db, email: string) {
  return db
    .select()
    .from(outbox)
    .where(sql`${outbox.template} = 'waiting-list-offer-ended' and ${outbox.toAddress} = ${email}`)
    .orderBy(outbox.createdAt);
}
