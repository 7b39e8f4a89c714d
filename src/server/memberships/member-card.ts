import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { todayInLondon } from '../../shared/dates';
import type { KioskCardResolver, KioskCardsOfDay } from '../checkin/kiosk-cards';
import { rowsOf, type Db } from '../db/client';
import { getAppSecret, signToken, verifyToken } from '../security/app-secret';

const PREFIX = 'MC-';
const PURPOSE = 'member-card';

/** Statuses in which the card opens the door (a cancelled membership runs to the end of the period paid). */
const CARD_WORKS = ['active', 'past_due', 'cancelled'];
export const cardWorks = (status: string): boolean => CARD_WORKS.includes(status);

/**
 * The member card (issue 40): the membership's id signed with the app's secret, so a member number (M1001, a
 * sequence) typed or guessed at the kiosk never finds another family. Shown as a QR on My Bookings. A replaced card
 * (issue 46, replace-member-card.ts) signs the id with its card version, `<id>:<version>`; the first card signs the
 * id alone, as every card did before cards could be replaced, so those cards keep working until replaced.
 */
export const memberCardToken = (secret: string, membershipId: string, cardVersion = 1): string =>
  `${PREFIX}${signToken(secret, PURPOSE, cardVersion === 1 ? membershipId : `${membershipId}:${cardVersion}`)}`;

export const memberCardQr = (token: string): Promise<string> =>
  QRCode.toDataURL(token, { width: 320, margin: 2, errorCorrectionLevel: 'M' });

export const isMemberCard = (scanned: string): boolean => scanned.startsWith(PREFIX);

/**
 * The membership a card names, when the app signed it and it is the membership's card now; null for anything else
 * (forged, altered, a ticket, or a card the family replaced: it stops at once).
 */
export async function membershipIdOfCard(db: Db, scanned: string): Promise<string | null> {
  if (!isMemberCard(scanned)) return null;
  const payload = verifyToken(await getAppSecret(db), PURPOSE, scanned.slice(PREFIX.length));
  const m = payload ? /^([0-9a-f-]{36})(?::(\d{1,9}))?$/.exec(payload) : null;
  if (!m) return null;
  const [row] = rowsOf<{ card_version: number }>(
    await db.execute(sql`select card_version from memberships where id = ${m[1]}::uuid`),
  );
  return row && row.card_version === Number(m[2] ?? 1) ? m[1]! : null;
}

/**
 * The kiosk scans a member card (composed into check-in in app.ts): today's bookings of the membership's family
 * that name a child it covers, while the card works. Not a member card: null (check-in looks for a ticket); a
 * forged card, or one whose membership is paused or over: no bookings.
 */
export const memberCardBookings: KioskCardResolver = async (db, scanned, now) => {
  if (!isMemberCard(scanned)) return null;
  const id = await membershipIdOfCard(db, scanned);
  if (!id) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct b.id::text from memberships m
      join membership_children mc on mc.membership_id = m.id
      join booking_children bc on bc.child_id = mc.child_id
      join bookings b on b.id = bc.booking_id and lower(b.customer_email) = m.email
      where m.id = ${id}::uuid and m.status = any(${`{${CARD_WORKS.join(',')}}`}::text[])
        and b.visit_date = ${todayInLondon(now)}::date and b.status = 'confirmed'`),
  );
  return rows.map((r) => r.id);
};

/**
 * The day's member cards for the kiosk's offline list (composed in app.ts): each working card with the bookings
 * of `day` it checks in, found as the scan above finds them. The list keeps only keyed hashes of the card.
 */
export const memberCardsOfDay: KioskCardsOfDay = async (db, day) => {
  const rows = rowsOf<{ id: string; card_version: number; booking_ids: string[] }>(
    await db.execute(sql`
      select m.id::text, m.card_version, array_agg(distinct b.id::text) as booking_ids from memberships m
      join membership_children mc on mc.membership_id = m.id
      join booking_children bc on bc.child_id = mc.child_id
      join bookings b on b.id = bc.booking_id and lower(b.customer_email) = m.email
      where m.status = any(${`{${CARD_WORKS.join(',')}}`}::text[])
        and b.visit_date = ${day}::date and b.status = 'confirmed'
      group by m.id, m.card_version`),
  );
  const secret = await getAppSecret(db);
  // The card of now: a replaced one is not in the next day list.
  return rows.map((r) => ({ code: memberCardToken(secret, r.id, r.card_version), bookingIds: r.booking_ids }));
};
