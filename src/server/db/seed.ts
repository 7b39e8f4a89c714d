import { defaultSessionCapacity, sessionTimes as sessionTimeSeeds, ticketTypeSeeds } from '../../shared/venue';
import type { Db } from './client';
import { sessionTimes, ticketTypes } from './schema';

/**
 * Idempotent: run on every start. Venue facts (prices, sessions) follow the config module, so a
 * price change in src/shared/venue.ts reaches the database on the next start.
 */
export async function seedVenue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of ticketTypeSeeds) {
      await tx
        .insert(ticketTypes)
        .values(t)
        .onConflictDoUpdate({
          target: ticketTypes.id,
          set: {
            title: t.title,
            description: t.description,
            pricePence: t.pricePence,
            feePence: t.feePence,
            ageRange: t.ageRange,
            colour: t.colour,
            isChild: t.isChild,
            weekdayMorningOnly: t.weekdayMorningOnly,
            sort: t.sort,
          },
        });
    }
    for (const s of sessionTimeSeeds) {
      await tx
        .insert(sessionTimes)
        .values({
          id: s.id,
          label: s.label,
          startTime: s.start,
          endTime: s.end,
          sort: s.sort,
          capacity: defaultSessionCapacity,
        })
        .onConflictDoUpdate({
          target: sessionTimes.id,
          // Capacity is left alone: staff may have changed it.
          set: { label: s.label, startTime: s.start, endTime: s.end, sort: s.sort },
        });
    }
  });
}
