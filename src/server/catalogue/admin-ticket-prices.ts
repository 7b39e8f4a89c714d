import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { priceOn } from '../../shared/catalogue';
import type { ticketTypePriceSchema } from '../../shared/contracts/catalogue';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { ticketTypePrices, ticketTypes } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

/**
 * A new price for visits from `fromDate` on (DECISIONS.md: a price change has a start date). Visits before
 * it keep the price in force for them, and bookings already sold keep their lines (booking_lines hold the
 * prices sold, for refunds too): only orders for visits from that date on are priced at it. A second price
 * for the same date replaces the first. Guarded by the ticket type's version, which it bumps.
 */
export async function setTicketTypePrice(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof ticketTypePriceSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { id, input } = opts;
  if (input.fromDate < todayInLondon(opts.now))
    throw new AppError('date_in_past', 'A new price starts today or later: visits already made keep theirs.', {
      fields: { fromDate: ['Please choose today or a later date.'] },
    });
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.price_set',
    subjectType: 'ticket_type',
    subjectId: id,
    current: (all) => all.ticketTypes.find((t) => t.id === id),
    change: async (tx) => {
      const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, id)).for('update');
      if (!type) throw notInCatalogue('ticket type');
      if (type.version !== input.version) return STALE;
      const prices = await tx
        .select({
          fromDate: ticketTypePrices.fromDate,
          pricePence: ticketTypePrices.pricePence,
          feePence: ticketTypePrices.feePence,
        })
        .from(ticketTypePrices)
        .where(eq(ticketTypePrices.ticketTypeId, id));
      const price = {
        pricePence: input.pricePence,
        feePence: input.feePence,
        createdBy: opts.actor,
        createdAt: opts.now,
      };
      await tx
        .insert(ticketTypePrices)
        .values({ ticketTypeId: id, fromDate: input.fromDate, ...price })
        .onConflictDoUpdate({ target: [ticketTypePrices.ticketTypeId, ticketTypePrices.fromDate], set: price });
      await tx
        .update(ticketTypes)
        .set({ version: type.version + 1 })
        .where(eq(ticketTypes.id, id));
      // Before: what visits on that date were priced at until now (an earlier row's price, or none).
      const was = priceOn(prices, input.fromDate);
      return {
        before: was ? { fromDate: input.fromDate, pricePence: was.pricePence, feePence: was.feePence } : null,
        after: { fromDate: input.fromDate, pricePence: input.pricePence, feePence: input.feePence },
        result: undefined,
      };
    },
  });
}
