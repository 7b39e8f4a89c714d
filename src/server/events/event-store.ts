import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUEUE_OPENS_MINUTES_BEFORE,
  type EventDetail,
  type EventInput,
  type EventSummary,
  type eventPatchSchema,
} from '../../shared/contracts/events';
import type { Db } from '../db/client';
import { eventSlots, events } from '../db/schema';
import { AppError } from '../http/errors';
import { expireEventHolds } from './expire-event-holds';

export type EventRow = typeof events.$inferSelect;
type SlotRow = typeof eventSlots.$inferSelect;

export const eventNotFound = () => new AppError('event_not_found', 'We could not find that event.');

/** POST /api/admin/catalogue/events: the event and its slots in one transaction. */
export async function createEvent(db: Db, input: EventInput, now: Date): Promise<EventDetail> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        name: input.name,
        description: input.description,
        photoUrl: input.photoUrl ?? null,
        childPricePence: input.childPricePence,
        adultPricePence: input.adultPricePence,
        onSaleAt: new Date(input.onSaleAt),
        familyCap: input.familyCap,
        usesQueue: input.usesQueue,
        admitPerMinute: input.admitPerMinute,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    await insertSlots(tx, row!.id, input.slots);
    return row!.id;
  });
  return getEvent(db, id, now);
}

async function insertSlots(tx: Db, eventId: string, slots: EventInput['slots']): Promise<void> {
  if (!slots.length) return;
  await tx.insert(eventSlots).values(
    slots.map((s) => ({
      eventId,
      startsAt: new Date(s.startsAt),
      lengthMinutes: s.lengthMinutes,
      places: s.places,
    })),
  );
}

/**
 * PATCH /api/admin/catalogue/events/:id: the fields given; slots given are added (a slot families may hold
 * is never dropped). The on-sale instant cannot move once the queue was shuffled.
 */
export async function patchEvent(
  db: Db,
  id: string,
  input: z.infer<typeof eventPatchSchema>,
  now: Date,
): Promise<EventDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!row) throw eventNotFound();
    if (input.onSaleAt && row.queueShuffledAt && new Date(input.onSaleAt).getTime() !== row.onSaleAt.getTime())
      throw new AppError('invalid_input', 'The sale has started: its on-sale instant cannot move.', {
        fields: { onSaleAt: ['The sale has started'] },
      });
    const { slots, onSaleAt, photoUrl, ...rest } = input;
    await tx
      .update(events)
      .set({
        ...rest,
        ...(onSaleAt ? { onSaleAt: new Date(onSaleAt) } : {}),
        ...(photoUrl !== undefined ? { photoUrl } : {}),
        updatedAt: now,
      })
      .where(eq(events.id, id));
    if (slots) await insertSlots(tx, id, slots);
  });
  return getEvent(db, id, now);
}

function summary(e: EventRow, slots: SlotRow[], now: Date): EventSummary {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    photoUrl: e.photoUrl,
    childPricePence: e.childPricePence,
    adultPricePence: e.adultPricePence,
    onSaleAt: e.onSaleAt.toISOString(),
    familyCap: e.familyCap,
    usesQueue: e.usesQueue,
    onSale: now >= e.onSaleAt,
    placesLeft: slots.reduce((n, s) => n + s.places - s.taken, 0),
  };
}

/** GET /api/events: events with a slot still to come, soonest sale first. */
export async function listEvents(db: Db, now: Date): Promise<{ events: EventSummary[] }> {
  const upcoming = await db
    .select()
    .from(eventSlots)
    .where(gte(eventSlots.startsAt, now))
    .orderBy(asc(eventSlots.startsAt));
  const ids = [...new Set(upcoming.map((s) => s.eventId))];
  if (!ids.length) return { events: [] };
  const rows = await db.select().from(events).where(inArray(events.id, ids)).orderBy(asc(events.onSaleAt));
  return {
    events: rows.map((e) =>
      summary(
        e,
        upcoming.filter((s) => s.eventId === e.id),
        now,
      ),
    ),
  };
}

/** GET /api/events/:id: the event and its slots with places left (held places come back once expired). */
export async function getEvent(db: Db, id: string, now: Date): Promise<EventDetail> {
  await expireEventHolds(db, now, id);
  const [e] = await db.select().from(events).where(eq(events.id, id));
  if (!e) throw eventNotFound();
  const slots = await db.select().from(eventSlots).where(eq(eventSlots.eventId, id)).orderBy(asc(eventSlots.startsAt));
  return {
    ...summary(
      e,
      slots.filter((s) => s.startsAt >= now),
      now,
    ),
    admitPerMinute: e.admitPerMinute,
    slots: slots.map((s) => ({
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      lengthMinutes: s.lengthMinutes,
      places: s.places,
      placesLeft: s.places - s.taken,
    })),
  };
}

/** Places left in the event's slots still to come (what admission stops on). */
export async function placesLeft(db: Db, eventId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`coalesce(sum(${eventSlots.places} - ${eventSlots.taken}), 0)::int` })
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, eventId), gte(eventSlots.startsAt, now)));
  return Number(row?.left ?? 0);
}

export async function findEvent(db: Db, id: string): Promise<EventRow> {
  const [e] = await db.select().from(events).where(eq(events.id, id));
  if (!e) throw eventNotFound();
  return e;
}

/** When the waiting room opens. */
export const queueOpensAt = (e: EventRow) => new Date(e.onSaleAt.getTime() - QUEUE_OPENS_MINUTES_BEFORE * 60_000);
