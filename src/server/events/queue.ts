import { and, eq, isNull } from 'drizzle-orm';
import { ADMISSION_MINUTES, type QueueState } from '../../shared/contracts/events';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { eventQueueEntries, events } from '../db/schema';
import { AppError } from '../http/errors';
import { findEvent, placesLeft, queueOpensAt, type EventRow } from './event-store';
import { expireEventHolds } from './expire-event-holds';
import { signAdmission, signQueueTicket, verifyQueueTicket } from './event-tokens';
import { checkSolution } from './proof-of-work';
import { advanceAdmission, ensureShuffled } from './queue-order';

const notOpen = (e: EventRow) =>
  new AppError(
    'queue_not_open',
    e.usesQueue
      ? `The waiting room opens 30 minutes before the sale, at ${queueOpensAt(e).toISOString()}.`
      : 'This event has no waiting room: book straight away once it is on sale.',
  );

/**
 * POST /api/events/:id/queue: checks the proof of work, then one entry in the queue. Before the on-sale
 * instant it waits without a position (the pre-queue, shuffled at the instant); after it, it joins the back,
 * in order of arrival (the event's row lock hands out positions one at a time).
 */
export async function joinQueue(
  db: Db,
  o: { eventId: string; payload: string; address: string | null; now: Date },
): Promise<{ ticket: string }> {
  let event = await findEvent(db, o.eventId);
  if (!event.usesQueue || o.now < queueOpensAt(event)) throw notOpen(event);
  const signature = await checkSolution(db, o.payload, { eventId: event.id, now: o.now });
  event = await ensureShuffled(db, event, o.now);
  let entryId: string;
  try {
    entryId = await db.transaction(async (tx) => {
      const [e] = await tx
        .select()
        .from(events)
        .where(eq(events.id, event.id))
        .for(event.queueShuffledAt || o.now >= event.onSaleAt ? 'update' : 'share');
      let position: number | null = null;
      if (e!.queueShuffledAt) {
        position = e!.lastPosition + 1;
        await tx.update(events).set({ lastPosition: position }).where(eq(events.id, event.id));
      }
      const [row] = await tx
        .insert(eventQueueEntries)
        .values({ eventId: event.id, joinedAt: o.now, position, powSignature: signature, clientAddress: o.address })
        .returning({ id: eventQueueEntries.id });
      return row!.id;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('proof_of_work_invalid', 'That proof of work was already used. Please try again.');
    throw err;
  }
  return { ticket: await signQueueTicket(db, { entryId, eventId: event.id }) };
}

/** The entry a queue ticket names, or 404 queue_ticket_invalid. */
export async function entryOfTicket(db: Db, ticket: string, o: { eventId: string; now: Date }) {
  const entryId = await verifyQueueTicket(db, ticket, o.eventId);
  const [entry] = entryId
    ? await db
        .select()
        .from(eventQueueEntries)
        .where(and(eq(eventQueueEntries.id, entryId), eq(eventQueueEntries.eventId, o.eventId)))
    : [];
  if (!entry) throw new AppError('queue_ticket_invalid', 'We do not know that place in the queue.');
  return entry;
}

/**
 * GET /api/events/:id/queue/:ticket: where the family stands, an estimate at the admission rate, and once
 * its turn has come an admission token (bound to its entry, 10 minutes from the first time it was told).
 * Every caller moves admission on (the event's clock), so no timer per client is needed.
 */
export async function queueState(db: Db, o: { eventId: string; ticket: string; now: Date }): Promise<QueueState> {
  const { now } = o;
  let event = await findEvent(db, o.eventId);
  let entry = await entryOfTicket(db, o.ticket, o);
  // Holds past their time give their places back before anyone is told how many are left.
  await expireEventHolds(db, now, event.id);
  event = await advanceAdmission(db, await ensureShuffled(db, event, now), now);
  if (entry.position === null && event.queueShuffledAt) entry = await entryOfTicket(db, o.ticket, o);
  const base = { onSaleAt: event.onSaleAt.toISOString(), admission: null, admissionExpiresAt: null };
  const position = entry.position;
  if (entry.usedAt) return { ...base, status: 'used', position, ahead: 0, estimateSeconds: null };
  if (position === null) return { ...base, status: 'waiting', position, ahead: null, estimateSeconds: null };
  const left = await placesLeft(db, event.id, now);
  if (position <= event.admittedThrough) return admitted(db, event, entry, { left, now, base });
  if (left <= 0) return { ...base, status: 'sold_out', position, ahead: null, estimateSeconds: null };
  const ahead = position - event.admittedThrough - 1;
  const interval = 60_000 / event.admitPerMinute;
  const at = (event.admissionClock?.getTime() ?? now.getTime()) + (ahead + 1) * interval;
  return {
    ...base,
    status: 'waiting',
    position,
    ahead,
    estimateSeconds: Math.max(0, Math.ceil((at - now.getTime()) / 1000)),
  };
}

async function admitted(
  db: Db,
  event: EventRow,
  entry: typeof eventQueueEntries.$inferSelect,
  o: { left: number; now: Date; base: Pick<QueueState, 'onSaleAt' | 'admission' | 'admissionExpiresAt'> },
): Promise<QueueState> {
  const { now, base } = o;
  let admittedAt = entry.admittedAt;
  if (!admittedAt) {
    await db
      .update(eventQueueEntries)
      .set({ admittedAt: now })
      .where(and(eq(eventQueueEntries.id, entry.id), isNull(eventQueueEntries.admittedAt)));
    const [again] = await db.select().from(eventQueueEntries).where(eq(eventQueueEntries.id, entry.id));
    admittedAt = again!.admittedAt ?? now;
  }
  const expiresAt = new Date(admittedAt.getTime() + ADMISSION_MINUTES * 60_000);
  const common = { position: entry.position, ahead: 0, estimateSeconds: null };
  if (now >= expiresAt) return { ...base, ...common, status: 'expired' };
  if (o.left <= 0) return { ...base, ...common, status: 'sold_out' };
  const admission = await signAdmission(db, { entryId: entry.id, eventId: event.id, now, expiresAt });
  return { ...base, ...common, status: 'admitted', admission, admissionExpiresAt: expiresAt.toISOString() };
}
