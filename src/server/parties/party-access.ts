import { eq } from 'drizzle-orm';
import { partyTokenHeadersSchema } from '../../shared/contracts/party-booking';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { signToken, verifyToken } from '../security/app-secret';

type Row = typeof partyBookings.$inferSelect;

const PURPOSE = 'party-manage';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A party's manage token (view, pay the balance, change numbers, invite guests): signed with the app
 * secret, so every mail (confirmation, balance reminders) can carry the link without anything stored.
 */
export const manageTokenFor = (secret: string, partyId: string): string => signToken(secret, PURPOSE, partyId);

/** The family's link to its party; the token rides in the fragment, which browsers never send to a server. */
export const manageLinkFor = (publicUrl: string, secret: string, partyId: string): string =>
  `${publicUrl}/party/${partyId}#t=${encodeURIComponent(manageTokenFor(secret, partyId))}`;

/** Who is asking about a party: the manage token (X-Party-Token) and/or a signed-in family's e-mail. */
export type PartyViewer = { token?: string; familyEmail?: string };

/**
 * The X-Party-Token header, read with its shared schema. A header that is no token (repeated, too short or
 * too long) is treated as none, so it ends as a wrong token does: 404 party_not_found, never a 500.
 */
export function partyTokenOf(headers: unknown): string | undefined {
  const parsed = partyTokenHeadersSchema.safeParse(headers);
  return parsed.success ? parsed.data['x-party-token'] : undefined;
}

/**
 * The party, for its own family only: its manage token, or the family session of the parent's address.
 * To anyone else a party that exists looks like one that does not (404 party_not_found), as bookings do.
 */
export async function partyForViewer(db: Db, secret: string, id: string, viewer: PartyViewer): Promise<Row> {
  const [row] = UUID.test(id)
    ? await db.select().from(partyBookings).where(eq(partyBookings.id, id.toLowerCase()))
    : [];
  if (!row || !mayView(secret, row, viewer)) throw new AppError('party_not_found', 'We could not find that party.');
  return row;
}

export function mayView(secret: string, row: Pick<Row, 'id' | 'parentEmail'>, viewer: PartyViewer): boolean {
  const byToken = !!viewer.token && viewer.token.length <= 100 && verifyToken(secret, PURPOSE, viewer.token) === row.id;
  const byFamily = !!viewer.familyEmail && row.parentEmail.toLowerCase() === viewer.familyEmail.toLowerCase();
  return byToken || byFamily;
}
