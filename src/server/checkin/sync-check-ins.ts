import { eq, sql } from 'drizzle-orm';
import type { SyncInput, SyncResult } from '../../shared/contracts/kiosk-offline';
import { longDayMonth } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { bookings, checkIns, kioskOfflineCheckIns } from '../db/schema';
import { writeAudit } from '../staff/audit';
import { admitBooking, partyOf } from './check-in-booking';
import { deviceIdOf, hashKeyFor, ticketHash, verifyDayList } from './day-list';

type Item = SyncInput['items'][number] & { numberPlate: string | null };
type Booking = { id: string; status: string; visitDate: string; email: string };

/** Thrown inside an item's transaction to undo it (the id was taken meanwhile); never leaves this file. */
class Undo extends Error {}

const refused = (id: string, reason: NonNullable<SyncResult['reason']>, message: string): SyncResult => ({
  id,
  outcome: 'refused',
  reason,
  message,
});

/**
 * POST /api/check-in/sync (issue 41): the check-ins a kiosk queued while offline, each applied once
 * whatever is replayed (its id is the key). The first admission of a booking is its check-in, as online;
 * a later one (another device let the same ticket in while both were offline) is kept as an
 * over-admission, which staff see in the Checked In tab, and the audit log names the device each time.
 * The list must be this device's and signed by us (else a 4xx, nothing written); then each item is
 * applied or refused on its own, in its own transaction.
 */
export async function syncCheckIns(opts: {
  db: Db;
  secret: string;
  tokenHash: string;
  actor: string;
  input: { list: SyncInput['list']; items: Item[] };
  now: Date;
}): Promise<SyncResult[]> {
  const { db, input, now } = opts;
  verifyDayList(opts.secret, input.list, opts.tokenHash);
  const device = deviceIdOf(opts.tokenHash);
  const day = input.list.day;
  const today = todayInLondon(now);
  const hashKey = hashKeyFor(opts.secret, device, day);
  const byHash = new Map<string, Booking>();
  for (const b of rowsOf<Booking & { token: string }>(
    await db.execute(sql`
      select id, status, to_char(visit_date, 'YYYY-MM-DD') as "visitDate", customer_email as email, ticket_token as token
        from bookings where visit_date = ${day}`),
  ))
    byHash.set(ticketHash(hashKey, b.token), b);

  const results: SyncResult[] = [];
  for (const item of input.items) {
    const admittedAt = new Date(item.admittedAt);
    const booking = byHash.get(item.ticket);
    const [seen] = await db
      .select({ bookingId: kioskOfflineCheckIns.bookingId })
      .from(kioskOfflineCheckIns)
      .where(eq(kioskOfflineCheckIns.id, item.id));
    if (seen) {
      results.push(replayed(item.id, seen.bookingId, booking));
      continue;
    }
    if (day !== today || todayInLondon(admittedAt) !== day) {
      results.push(
        refused(
          item.id,
          'wrong_day',
          `This check-in was made for ${longDayMonth(day)}, not today: it was not recorded.`,
        ),
      );
      continue;
    }
    if (!booking) {
      results.push(refused(item.id, 'not_in_list', "This ticket is not in today's list: it was not recorded."));
      continue;
    }
    if (booking.status === 'cancelled' || booking.status === 'refunded') {
      results.push(refused(item.id, 'cancelled', 'This booking was cancelled: the check-in was not recorded.'));
      continue;
    }
    if (booking.status !== 'confirmed') {
      results.push(refused(item.id, 'unpaid', 'This booking has not been paid: the check-in was not recorded.'));
      continue;
    }
    results.push(await applyItem({ ...opts, item, booking, admittedAt, device }));
  }
  return results;
}

function replayed(id: string, bookingId: string, booking: Booking | undefined): SyncResult {
  if (booking?.id === bookingId) return { id, outcome: 'already_applied' };
  return refused(id, 'id_reused', 'This check-in id was already used for another ticket: it was not recorded.');
}

async function applyItem(opts: {
  db: Db;
  actor: string;
  item: Item;
  booking: Booking;
  admittedAt: Date;
  device: string;
  now: Date;
}): Promise<SyncResult> {
  const { item, booking: b, now } = opts;
  // The device's clock says when the family came in, unless it is ahead of ours.
  const checkedInAt = opts.admittedAt.getTime() <= now.getTime() ? opts.admittedAt : now;
  const audit = { device: opts.actor, deviceId: opts.device, queuedId: item.id, offline: true };
  try {
    return await opts.db.transaction(async (tx) => {
      // Two devices' batches for one booking queue here, as two kiosks checking in online do.
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, b.id)).for('update');
      const [taken] = await tx
        .insert(kioskOfflineCheckIns)
        .values({
          id: item.id,
          bookingId: b.id,
          visitDate: b.visitDate,
          device: opts.actor,
          deviceId: opts.device,
          places: 0,
          admittedAt: opts.admittedAt,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: kioskOfflineCheckIns.id });
      if (!taken) throw new Undo();
      const [existing] = await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.bookingId, b.id));
      if (!existing) {
        const admitted = await admitBooking(tx, b, {
          actor: opts.actor,
          numberPlate: item.numberPlate,
          checkedInAt,
          details: audit,
        });
        await tx
          .update(kioskOfflineCheckIns)
          .set({ places: admitted.children + admitted.adults, checkInId: admitted.checkInId })
          .where(eq(kioskOfflineCheckIns.id, item.id));
        return { id: item.id, outcome: 'applied' } as const;
      }
      // The ticket had already come in (another device, or the desk): everyone this device let in is over.
      const party = await partyOf(tx, b.id);
      const places = party.children + party.adults;
      await tx
        .update(kioskOfflineCheckIns)
        .set({ places, overPlaces: places })
        .where(eq(kioskOfflineCheckIns.id, item.id));
      await writeAudit(tx, {
        actor: opts.actor,
        action: 'over_admitted',
        subjectType: 'booking',
        subjectId: b.id,
        details: { ...audit, places, over: places, checkInId: existing.id },
      });
      return {
        id: item.id,
        outcome: 'over_admitted',
        message: 'This ticket had already been checked in: kept, and shown to staff.',
      } as const;
    });
  } catch (err) {
    // Another request took the id meanwhile (the conflict above, or its unique index): as a replay.
    if (err instanceof Undo || pgErrorCode(err) === '23505') {
      const [seen] = await opts.db
        .select({ bookingId: kioskOfflineCheckIns.bookingId })
        .from(kioskOfflineCheckIns)
        .where(eq(kioskOfflineCheckIns.id, item.id));
      if (seen) return replayed(item.id, seen.bookingId, b);
    }
    throw err;
  }
}
