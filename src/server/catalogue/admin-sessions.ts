import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sessionLabelOf } from '../../shared/catalogue';
import type { sessionEditSchema } from '../../shared/contracts/catalogue';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { sessionTimes } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-28" -> "28 Nov 2026". */
const dayText = (ymd: string) =>
  `${Number(ymd.slice(8, 10))} ${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(0, 4)}`;

/**
 * A session's times and default capacity (DECISIONS.md: a change that would strand sold bookings is
 * refused). New times are refused while bookings holding places in the session from today on exist,
 * with how many and the first dates, so staff know what to move. A capacity change is always allowed:
 * it applies to dates with no occupancy row yet (a date already booked keeps the capacity it was
 * opened with; staff change one date's on the Booking Calendar).
 */
export async function editSession(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof sessionEditSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { id, input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.session_edited',
    subjectType: 'session',
    subjectId: id,
    current: (all) => all.sessions.find((s) => s.id === id),
    change: async (tx) => {
      const [row] = await tx.select().from(sessionTimes).where(eq(sessionTimes.id, id)).for('update');
      if (!row) throw notInCatalogue('session');
      if (row.version !== input.version) return STALE;
      if (row.startTime !== input.start || row.endTime !== input.end) {
        // Every booking takes its places by writing session_occupancy: this waits for those in flight and
        // holds new ones back (for the milliseconds this edit takes), so none is sold for the old times unseen.
        await tx.execute(sql`lock table session_occupancy in share mode`);
        await refuseIfSold(tx, id, todayInLondon(opts.now));
      }
      const after = {
        label: sessionLabelOf(input.start, input.end),
        start: input.start,
        end: input.end,
        capacity: input.capacity,
      };
      await tx
        .update(sessionTimes)
        .set({
          label: after.label,
          startTime: after.start,
          endTime: after.end,
          capacity: after.capacity,
          version: row.version + 1,
        })
        .where(eq(sessionTimes.id, id));
      const before = { label: row.label, start: row.startTime, end: row.endTime, capacity: row.capacity };
      return { before, after, result: undefined };
    },
  });
}

/**
 * Bookings holding places in the session from today on (paid, or held while the family pays): their
 * tickets, mails and calendar files say the old times.
 */
async function refuseIfSold(tx: Db, sessionId: string, today: string): Promise<void> {
  const rows = rowsOf<{ visit_date: string; n: number }>(
    await tx.execute(sql`select to_char(visit_date, 'YYYY-MM-DD') as visit_date, count(*)::int as n from bookings
      where session_id = ${sessionId} and places_held and visit_date >= ${today}::date
      group by visit_date order by visit_date`),
  );
  const count = rows.reduce((n, r) => n + r.n, 0);
  if (count === 0) return;
  const first = rows.slice(0, 3).map((r) => dayText(r.visit_date));
  const sold = count === 1 ? '1 booking is' : `${count} bookings are`;
  const dates = `${first.length === 1 ? 'first date' : 'first dates'}: ${first.join(', ')}`;
  throw new AppError(
    'sessions_in_use',
    `${sold} already sold for this session (${dates}). Move or cancel them first, then change the times.`,
  );
}
