import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/** The columns the waiting list's verbs read, as raw rows (locked with FOR UPDATE where the caller asks). */
export type EntryRow = {
  id: string;
  email: string;
  visitDate: string;
  sessionId: string | null;
  places: number;
  status: 'waiting' | 'offered' | 'booked' | 'expired' | 'left';
  placesHeld: boolean;
  offerExpiresAt: Date | null;
};

const columns = sql`id, email, visit_date::text as "visitDate", session_id as "sessionId", places, status,
  places_held as "placesHeld", offer_expires_at as "offerExpiresAt"`;

const withDates = (rows: EntryRow[]): EntryRow[] =>
  rows.map((r) => ({ ...r, offerExpiresAt: r.offerExpiresAt === null ? null : new Date(r.offerExpiresAt) }));

/** Locks one entry by id (the first lock of every waiting list transaction: entry, then occupancy rows). */
export async function lockEntryById(tx: Db, id: string): Promise<EntryRow | undefined> {
  return withDates(
    rowsOf<EntryRow>(await tx.execute(sql`select ${columns} from waiting_list_entries where id = ${id} for update`)),
  )[0];
}

/** Locks the entry an offer link's token names. */
export async function lockEntryByTokenHash(tx: Db, tokenHash: string): Promise<EntryRow | undefined> {
  return withDates(
    rowsOf<EntryRow>(
      await tx.execute(
        sql`select ${columns} from waiting_list_entries where offer_token_hash = ${tokenHash} for update`,
      ),
    ),
  )[0];
}

/** The label families and staff read for an entry's session ("All day (flexible)" for a weekday ticket). */
export async function sessionLabels(db: Db): Promise<Record<string, string>> {
  const rows = rowsOf<{ id: string; label: string }>(await db.execute(sql`select id, label from session_times`));
  return Object.fromEntries(rows.map((r) => [r.id, r.label]));
}

export const ALL_DAY_LABEL = 'All day (flexible)';
export const labelOf = (labels: Record<string, string>, sessionId: string | null): string =>
  sessionId ? (labels[sessionId] ?? sessionId) : ALL_DAY_LABEL;

/**
 * Places left for a booking counted against `sessionIds` on `date`, read without a lock (a first look;
 * whoever takes places checks again under the occupancy lock). A day with no occupancy rows yet has
 * each session's configured capacity.
 */
export async function placesLeft(db: Db, date: string, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const idList = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = rowsOf<{ left: number | null }>(
    await db.execute(sql`
      select min(coalesce(o.capacity, s.capacity) - coalesce(o.taken, 0))::int as "left"
      from session_times s
      left join session_occupancy o on o.session_id = s.id and o.visit_date = ${date}::date
      where s.id in (${idList})`),
  );
  return Math.max(0, row?.left ?? 0);
}

/** Whether staff closed the session (or, for an all-day ticket, any part of the day). */
export async function isSlotBlocked(db: Db, date: string, sessionId: string | null): Promise<boolean> {
  const [row] = rowsOf<{ blocked: boolean }>(
    await db.execute(sql`
      select exists (select 1 from session_restrictions where date = ${date}::date
        and (${sessionId}::text is null or session_id is null or session_id = ${sessionId}::text)) as blocked`),
  );
  return row?.blocked ?? false;
}
