import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { hashToken, newToken, sameSecret } from '../security/tokens';

type Row = typeof partyBookings.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A party's manage link token (given once, at booking) and the hash that is stored instead of it. */
export function newManageToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** Who is asking about a party: the manage link's token (X-Party-Token) and/or a signed-in family's e-mail. */
export type PartyViewer = { token?: string; familyEmail?: string };

/**
 * The party, for its own family only: the manage token, or the family session of the parent's address.
 * To anyone else a party that exists looks like one that does not (404 party_not_found), as bookings do.
 */
export async function partyForViewer(db: Db, id: string, viewer: PartyViewer): Promise<Row> {
  const [row] = UUID.test(id)
    ? await db.select().from(partyBookings).where(eq(partyBookings.id, id.toLowerCase()))
    : [];
  if (!row || !mayView(row, viewer)) throw new AppError('party_not_found', 'We could not find that party.');
  return row;
}

export function mayView(row: Pick<Row, 'manageTokenHash' | 'parentEmail'>, viewer: PartyViewer): boolean {
  const byToken =
    !!viewer.token &&
    viewer.token.length <= 100 &&
    !!row.manageTokenHash &&
    sameSecret(hashToken(viewer.token), row.manageTokenHash);
  const byFamily = !!viewer.familyEmail && row.parentEmail.toLowerCase() === viewer.familyEmail.toLowerCase();
  return byToken || byFamily;
}
