import { asc, eq, gte, sql } from 'drizzle-orm';
import { allDayLabel, type RestrictionDto } from '../../shared/contracts/admin-calendar';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { sessionRestrictions, sessionTimes } from '../db/schema';

const LIST_LIMIT = 500;

const columns = {
  id: sessionRestrictions.id,
  date: sessionRestrictions.date,
  sessionId: sessionRestrictions.sessionId,
  label: sessionTimes.label,
  reason: sessionRestrictions.reason,
  description: sessionRestrictions.description,
  createdBy: sessionRestrictions.createdBy,
  createdAt: sessionRestrictions.createdAt,
};
type Row = {
  id: string;
  date: string;
  sessionId: string | null;
  label: string | null;
  reason: string;
  description: string;
  createdBy: string;
  createdAt: Date;
};

export function toRestrictionDto(r: Row): RestrictionDto {
  return {
    id: r.id,
    date: r.date,
    timeSlot: r.sessionId ? (r.label ?? r.sessionId) : allDayLabel,
    sessionId: r.sessionId,
    reason: r.reason,
    description: r.description,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Blocks from the venue's today on, by date; within a day the whole-day block first, then by session. */
export async function listUpcomingRestrictions(opts: { db: Db; now: Date }): Promise<RestrictionDto[]> {
  const rows = await opts.db
    .select(columns)
    .from(sessionRestrictions)
    .leftJoin(sessionTimes, eq(sessionTimes.id, sessionRestrictions.sessionId))
    .where(gte(sessionRestrictions.date, todayInLondon(opts.now)))
    .orderBy(asc(sessionRestrictions.date), sql`${sessionTimes.sort} nulls first`, asc(sessionRestrictions.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toRestrictionDto);
}

export async function findRestriction(db: Db, id: string): Promise<RestrictionDto | null> {
  const [row] = await db
    .select(columns)
    .from(sessionRestrictions)
    .leftJoin(sessionTimes, eq(sessionTimes.id, sessionRestrictions.sessionId))
    .where(eq(sessionRestrictions.id, id));
  return row ? toRestrictionDto(row) : null;
}
