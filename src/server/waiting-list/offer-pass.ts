import { sql } from 'drizzle-orm';
import { todayInLondon } from '../../shared/dates';
import { sessionsCounted } from '../bookings/capacity';
import { allSessionIds } from '../bookings/places';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { rowsOf, type Db } from '../db/client';
import { enqueueMail } from '../mail/enqueue-mail';
import { endEntry, offerEntry } from './offer-entry';
import { canStillOffer, latestStart } from './offer-expiry';
import { waitingListOfferEndedMail } from './offer-mail';
import { waitingListSettings } from '../catalogue/waiting-list-settings';
import { isSlotBlocked, labelOf, lockEntryById, placesLeft, sessionLabels } from './waiting-list-rows';

export type OfferPassResult = { deleted: number; expired: number; offered: number };

/**
 * One pass of the waiting list, run by every process on an interval and nudged when places free up:
 * entries of past dates are deleted, offers that ran out give their places back ('expired', and the family
 * is told), then each waiting entry in order of joining is offered its places if they now fit (one that
 * wants more than is free is passed over for a later one that fits; none is offered once its visit is
 * about to start, offer-expiry.ts). Two processes may run this at once: every change is made under the
 * entry's lock and the occupancy rows' lock, so a freed place is offered once.
 */
export async function runOfferPass(opts: { db: Db; now: Date; publicUrl: string }): Promise<OfferPassResult> {
  const { db, now } = opts;
  const today = todayInLondon(now);
  const deleted = rowsOf<{ id: string }>(
    await db.execute(sql`delete from waiting_list_entries where visit_date < ${today}::date returning id`),
  ).length;

  let expired = 0;
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from waiting_list_entries
      where status = 'offered' and offer_expires_at <= ${now.toISOString()}::timestamptz order by offer_expires_at`),
  );
  // The venue that signs the mails and the sessions' start times, read once before the transactions.
  const clock = due.length > 0 ? await publicCatalogue(db, now) : null;
  for (const { id } of due) {
    const ended = await db.transaction(async (tx) => {
      const entry = await lockEntryById(tx, id);
      // Another process (or the family's booking) may have got here first: look again under the lock.
      if (!entry || entry.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt > now || !clock)
        return false;
      await endEntry(tx, entry, 'expired', now);
      // In the same transaction: the family hears of it exactly when (and once) the offer ends.
      await enqueueMail(
        tx,
        waitingListOfferEndedMail({
          entryId: entry.id,
          to: entry.email,
          date: entry.visitDate,
          sessionLabel: labelOf(await sessionLabels(tx), entry.sessionId),
          places: entry.places,
          sessionId: entry.sessionId,
          visitStart: latestStart(entry.visitDate, entry.sessionId, clock),
          publicUrl: opts.publicUrl,
          expiresAt: entry.offerExpiresAt,
          now,
          venue: clock.venue,
        }),
      );
      return true;
    });
    if (ended) expired++;
  }

  const waiting = rowsOf<{ id: string; visitDate: string; sessionId: string | null; places: number }>(
    await db.execute(sql`
      select id, visit_date::text as "visitDate", session_id as "sessionId", places from waiting_list_entries
      where status = 'waiting' and visit_date >= ${today}::date order by created_at, id`),
  );
  if (waiting.length === 0) return { deleted, expired, offered: 0 };
  const catalogue = await publicCatalogue(db, now);
  const { offerHours } = await waitingListSettings(db);
  const allIds = await allSessionIds(db);
  let offered = 0;
  for (const e of waiting) {
    // A first look without locks keeps the pass off the occupancy rows when nothing fits (the usual case).
    if (!canStillOffer({ date: e.visitDate, sessionId: e.sessionId, now, clock: catalogue })) continue;
    if ((await placesLeft(db, e.visitDate, sessionsCounted(e.sessionId, allIds))) < e.places) continue;
    if (await isSlotBlocked(db, e.visitDate, e.sessionId)) continue;
    const outcome = await offerEntry(db, {
      entryId: e.id,
      now,
      offerHours,
      publicUrl: opts.publicUrl,
      catalogue,
      offeredBy: 'system',
    });
    if (outcome === 'offered') offered++;
  }
  return { deleted, expired, offered };
}
