import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bandPriceOn } from '../../shared/catalogue';
import type { ticketTypePriceSchema } from '../../shared/contracts/catalogue';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { ticketTypePrices, ticketTypes } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';
import { bandIdsIn } from './day-types-settings';

/**
 * A new price of one band of days (or, with no band named, of every band) for visits from `fromDate` on (DECISIONS.md: a price change has a start date). Visits before
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
      const bands = await bandIdsIn(tx);
      if (input.bandId !== undefined && !bands.includes(input.bandId))
        throw new AppError('invalid_input', 'There is no such band of days: reload to see the bands.', {
          fields: { bandId: ['Choose one of the bands'] },
        });
      const prices = await tx
        .select({
          bandId: ticketTypePrices.bandId,
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
      const priced = input.bandId === undefined ? bands : [input.bandId];
      for (const bandId of priced)
        await tx
          .insert(ticketTypePrices)
          .values({ ticketTypeId: id, bandId, fromDate: input.fromDate, ...price })
          .onConflictDoUpdate({
            target: [ticketTypePrices.ticketTypeId, ticketTypePrices.bandId, ticketTypePrices.fromDate],
            set: price,
          });
      await tx
        .update(ticketTypes)
        .set({ version: type.version + 1 })
        .where(eq(ticketTypes.id, id));
      // Before: what visits on that date were priced at until now in each band (an earlier row's price, or none).
      const before = priced.map((bandId) => {
        const was = bandPriceOn(prices, bandId, input.fromDate);
        return {
          bandId,
          fromDate: input.fromDate,
          pricePence: was?.pricePence ?? null,
          feePence: was?.feePence ?? null,
        };
      });
      return {
        before,
        after: priced.map((bandId) => ({
          bandId,
          fromDate: input.fromDate,
          pricePence: input.pricePence,
          feePence: input.feePence,
        })),
        result: undefined,
      };
    },
  });
}
