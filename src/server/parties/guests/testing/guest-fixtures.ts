import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { outbox, partyBookings } from '../../../db/schema';
import { confirmParty } from '../../confirm-party';
import { holdParty, type HoldPartyInput } from '../../hold-party';
import { partyRequest } from '../../testing/party-fixtures';
import type { PartyBooking } from '../../party-view';

/**
 * A confirmed party made by the domain functions (not the family routes), its deposit paid; `paidPence`
 * sets what has been paid instead (the total, for a party paid in full).
 */
export async function confirmedParty(
  db: Db,
  i: number,
  now: Date,
  over: Partial<HoldPartyInput> = {},
  paidPence?: number,
): Promise<PartyBooking> {
  const held = await holdParty(db, partyRequest(i, over), now);
  const { party } = await confirmParty(db, held.id, now);
  await db
    .update(partyBookings)
    .set({ paidPence: paidPence ?? party.depositPence })
    .where(eq(partyBookings.id, party.id));
  return party;
}

/** The newest invitation mail to `email`: its text and the token its link carries. */
export async function invitationMailTo(db: Db, email: string): Promise<{ token: string; text: string; html: string }> {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(sql`${outbox.template} = 'party-invitation' and lower(${outbox.toAddress}) = ${email.toLowerCase()}`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  const token = mail && /\/party-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!mail || !token) throw new Error(`no invitation mail to ${email}`);
  return { token, text: mail.text, html: mail.html ?? '' };
}

/** How many mails of a template the outbox holds. */
export async function mailCount(db: Db, template: string): Promise<number> {
  return (await db.select().from(outbox).where(eq(outbox.template, template))).length;
}
