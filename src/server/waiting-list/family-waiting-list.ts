import { sql } from 'drizzle-orm';
import type { FamilyWaitingEntry } from '../../shared/contracts/waiting-list';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { endEntry } from './offer-entry';
import { labelOf, lockEntryById, sessionLabels } from './waiting-list-rows';

type LiveEntry = {
  id: string;
  email: string;
  date: string;
  sessionId: string | null;
  places: number;
  status: 'waiting' | 'offered';
  position: number;
  offerExpiresAt: string | null;
};

/** The live entries (waiting or offered) with their place in the queue of their date and session. */
export async function liveEntries(
  db: Db,
  where: { email?: string; date?: string; today: string },
): Promise<LiveEntry[]> {
  const rows = rowsOf<Omit<LiveEntry, 'offerExpiresAt'> & { offerExpiresAt: Date | string | null }>(
    await db.execute(sql`
      select * from (
        select id, email, visit_date::text as date, session_id as "sessionId", places, status,
          offer_expires_at as "offerExpiresAt", created_at,
          (row_number() over (partition by visit_date, coalesce(session_id, '') order by created_at, id))::int as position
        from waiting_list_entries
        where status in ('waiting', 'offered') and visit_date >= ${where.today}::date
          ${where.date ? sql`and visit_date = ${where.date}::date` : sql``}
      ) q
      ${where.email ? sql`where email = ${where.email}` : sql``}
      order by date, "sessionId" nulls first, position`),
  );
  return rows.map((r) => ({
    ...r,
    offerExpiresAt: r.offerExpiresAt === null ? null : new Date(r.offerExpiresAt).toISOString(),
  }));
}

/** GET /api/family/waiting-list: the signed-in family's live entries. */
export async function familyWaitingList(db: Db, email: string, now: Date): Promise<{ entries: FamilyWaitingEntry[] }> {
  const labels = await sessionLabels(db);
  const rows = await liveEntries(db, { email, today: todayInLondon(now) });
  return {
    entries: rows.map(({ email: _email, ...r }) => ({ ...r, sessionLabel: labelOf(labels, r.sessionId) })),
  };
}

const notFound = () =>
  new AppError('waiting_list_entry_not_found', 'We could not find that waiting list entry. It may have ended.');

/**
 * DELETE /api/family/waiting-list/{id}: the family leaves (another family's id is not found, and nothing
 * changes). An offer's held places go back at once; answers whether any did, so the caller nudges the pass.
 */
export async function leaveWaitingList(
  db: Db,
  opts: { email: string; id: string; now: Date },
): Promise<{ freedPlaces: boolean }> {
  return db.transaction(async (tx) => {
    const entry = await lockEntryById(tx, opts.id);
    if (!entry || entry.email !== opts.email || (entry.status !== 'waiting' && entry.status !== 'offered'))
      throw notFound();
    await endEntry(tx, entry, 'left', opts.now);
    return { freedPlaces: entry.placesHeld };
  });
}
