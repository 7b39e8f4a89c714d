import { seededTillFacts } from './seed-till';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import {
  catalogueDocuments,
  catalogueState,
  menuItems,
  noticePosts,
  sessionTimes,
  ticketTypePrices,
  ticketTypes,
} from '../db/schema';
import { OFF_PEAK, PEAK } from '../../shared/day-types';
import {
  seedMenuItems,
  seedPartiesDocument,
  seedSessions,
  seedTicketTypes,
  seedVenueDocument,
  seedVisitRulesDocument,
} from './seed-data';
import { seedNoticePosts } from './seed-posts';

/** Prices seeded for every visit date: the first dated price. */
export const SEED_PRICE_FROM = '2000-01-01';

/**
 * Fills an empty catalogue once (DECISIONS.md "The venue owns its catalogue"): the catalogue_state row
 * says it was seeded, so no later start ever overwrites an edit. A database from before the catalogue
 * (ticket types and sessions already there) keeps its rows and gains the rest.
 */
export async function seedCatalogue(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(catalogueState)
      .values({ id: 1, version: 1 })
      .onConflictDoNothing()
      .returning({ id: catalogueState.id });
    if (claimed.length === 0) return false;
    for (const { pricePence, feePence, ...t } of seedTicketTypes) {
      await tx.insert(ticketTypes).values(t).onConflictDoNothing();
      // The same price in both bands the product starts with (SPEC.md's prices): the venue sets its own
      // off-peak and peak prices in the Venue tab (DECISIONS.md "Prices by day and season").
      for (const bandId of [OFF_PEAK, PEAK])
        await tx
          .insert(ticketTypePrices)
          .values({ ticketTypeId: t.id, bandId, fromDate: SEED_PRICE_FROM, pricePence, feePence })
          .onConflictDoNothing();
    }
    for (const s of seedSessions) {
      await tx
        .insert(sessionTimes)
        .values({ id: s.id, label: s.label, startTime: s.start, endTime: s.end, sort: s.sort, capacity: s.capacity })
        .onConflictDoNothing();
    }
    await tx
      .insert(catalogueDocuments)
      .values([
        { key: 'venue', value: seedVenueDocument },
        { key: 'parties', value: seedPartiesDocument },
        { key: 'visit_rules', value: seedVisitRulesDocument },
      ])
      .onConflictDoNothing();
    await tx
      .insert(menuItems)
      .values(
        seedMenuItems.map((m, i) => ({
          ...m,
          ...seededTillFacts(m.id),
          allergens: [...m.allergens],
          popular: m.popular ?? false,
          sort: i + 1,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(noticePosts).values(seedNoticePosts(todayInLondon(now)));
    return true;
  });
}
