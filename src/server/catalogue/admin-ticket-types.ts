import { eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { ticketTypeEditSchema } from '../../shared/contracts/catalogue';
import type { Db } from '../db/client';
import { sessionTimes, ticketTypes } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

/**
 * A ticket type's words, the days and sessions that sell it, and whether it is on sale. Its prices are
 * dated rows (admin-ticket-prices.ts); bookings already sold keep their lines whatever changes here.
 */
export async function editTicketType(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof ticketTypeEditSchema>;
  actor: string;
}): Promise<void> {
  const { id, input } = opts;
  const { version, ...fields } = input;
  const sessionIds = [...new Set(fields.sessionIds)];
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.ticket_type_edited',
    subjectType: 'ticket_type',
    subjectId: id,
    current: (all) => all.ticketTypes.find((t) => t.id === id),
    change: async (tx) => {
      const [row] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, id)).for('update');
      if (!row) throw notInCatalogue('ticket type');
      if (row.version !== version) return STALE;
      if (sessionIds.length) {
        const known = await tx
          .select({ id: sessionTimes.id })
          .from(sessionTimes)
          .where(inArray(sessionTimes.id, sessionIds));
        const unknown = sessionIds.filter((s) => !known.some((k) => k.id === s));
        if (unknown.length)
          throw new AppError('invalid_input', `There is no session ${unknown.join(', ')}.`, {
            fields: { sessionIds: [`Unknown session: ${unknown.join(', ')}`] },
          });
      }
      if ((fields.ageFrom ?? null) !== null && !row.isChild)
        throw new AppError('invalid_input', "Only a child's ticket is suggested by age.", {
          fields: { ageFrom: ["Only a child's ticket is suggested by age"] },
        });
      const after = { ...fields, sessionIds };
      // One ticket type a credit pays for: choosing this one takes it off the other.
      if (fields.paidByCredit) await tx.update(ticketTypes).set({ paidByCredit: false }).where(ne(ticketTypes.id, id));
      await tx
        .update(ticketTypes)
        .set({ ...after, version: row.version + 1 })
        .where(eq(ticketTypes.id, id));
      const before = {
        title: row.title,
        description: row.description,
        ageRange: row.ageRange,
        sellDays: row.sellDays,
        sessionIds: row.sessionIds,
        active: row.active,
        ageFrom: row.ageFrom,
        ageTo: row.ageTo,
        paidByCredit: row.paidByCredit,
      };
      return { before, after, result: undefined };
    },
  });
}
