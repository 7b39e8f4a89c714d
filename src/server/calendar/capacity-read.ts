import { sql } from 'drizzle-orm';
import type { SessionCapacityDto } from '../../shared/contracts/session-capacity';
import { rowsOf, type Db } from '../db/client';
import { remainingPlaces } from '../bookings/capacity';

type Row = {
  sessionId: string;
  label: string;
  capacity: number;
  defaultCapacity: number;
  taken: number;
  blocked: boolean;
};

/**
 * Each session of a date with its capacity, places taken and whether it is blocked, read as public
 * availability reads them: the date's occupancy row when one exists, the session's usual capacity
 * otherwise. `sessionId` narrows it to one session (still a list, empty when it does not exist).
 */
export async function readSessionCapacities(db: Db, date: string, sessionId?: string): Promise<SessionCapacityDto[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select s.id as "sessionId", s.label, coalesce(o.capacity, s.capacity)::int as capacity,
        s.capacity::int as "defaultCapacity", coalesce(o.taken, 0)::int as taken,
        exists (select 1 from session_restrictions r where r.date = ${date}::date
          and (r.session_id is null or r.session_id = s.id)) as blocked
      from session_times s
      left join session_occupancy o on o.visit_date = ${date}::date and o.session_id = s.id
      where ${sessionId ?? null}::text is null or s.id = ${sessionId ?? null}::text
      order by s.sort`),
  );
  return rows.map((r) => ({ ...r, remaining: remainingPlaces([r]) }));
}
