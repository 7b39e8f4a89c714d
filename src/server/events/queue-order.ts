import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventQueueEntries, events } from '../db/schema';
import type { EventRow } from './event-store';
import { placesLeft } from './event-store';

/** A Fisher-Yates shuffle drawn from the CSPRNG (crypto.randomInt): every order equally likely. */
export function cryptoShuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const intervalMs = (e: EventRow) => 60_000 / e.admitPerMinute;

/**
 * At or after the on-sale instant, once: everyone who joined before it is put in a random order (positions
 * 1..n, recorded on each entry), and admission starts at the instant, the first family at once. The event's
 * row lock makes it once across processes; joins before the instant share that lock, so none is missed.
 */
export async function ensureShuffled(db: Db, event: EventRow, now: Date): Promise<EventRow> {
  if (event.queueShuffledAt || now < event.onSaleAt) return event;
  return db.transaction(async (tx) => {
    const [e] = await tx.select().from(events).where(eq(events.id, event.id)).for('update');
    if (!e || e.queueShuffledAt) return e ?? event;
    const waiting = await tx
      .select({ id: eventQueueEntries.id })
      .from(eventQueueEntries)
      .where(and(eq(eventQueueEntries.eventId, e.id), isNull(eventQueueEntries.position)))
      .orderBy(asc(eventQueueEntries.arrival));
    const order = cryptoShuffle(waiting.map((w) => w.id)).map((id, i) => ({ id, pos: e.lastPosition + i + 1 }));
    if (order.length)
      await tx.execute(sql`
        update event_queue_entries q set position = v.pos
          from jsonb_to_recordset(${JSON.stringify(order)}::jsonb) as v(id uuid, pos int)
         where q.id = v.id`);
    const [shuffled] = await tx
      .update(events)
      .set({
        queueShuffledAt: now,
        lastPosition: e.lastPosition + order.length,
        // One admission is due at the instant itself.
        admissionClock: new Date(e.onSaleAt.getTime() - intervalMs(e)),
      })
      .where(eq(events.id, e.id))
      .returning();
    return shuffled!;
  });
}

/**
 * Admission at the admin's rate: one family every 60/admitPerMinute seconds since the admission clock, in
 * queue order, never past the last position. While no place is left, the clock stops (nobody more is let
 * in); places coming back start it again. An optimistic update on the clock: one process credits each tick.
 */
export async function advanceAdmission(db: Db, event: EventRow, now: Date): Promise<EventRow> {
  if (!event.queueShuffledAt || !event.admissionClock) return event;
  const clock = event.admissionClock.getTime();
  const due = Math.floor((now.getTime() - clock) / intervalMs(event));
  if (due < 1) return event;
  const left = await placesLeft(db, event.id, now);
  const credited = left > 0 ? due : 0;
  const nextClock = left > 0 ? new Date(clock + due * intervalMs(event)) : now;
  const [moved] = await db
    .update(events)
    .set({
      admittedThrough: sql`least(${events.lastPosition}, ${events.admittedThrough} + ${credited})`,
      admissionClock: nextClock,
    })
    .where(and(eq(events.id, event.id), eq(events.admissionClock, event.admissionClock)))
    .returning();
  if (moved) return moved;
  const [current] = await db.select().from(events).where(eq(events.id, event.id));
  return current ?? event;
}
