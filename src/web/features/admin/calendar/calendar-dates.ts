import { addDays, dayOfWeek, todayInLondon } from '../../../../shared/dates';
import type { RestrictionDto } from '../../../../shared/contracts/admin-calendar';

/** Dates of the staff calendar, as yyyy-MM-dd in the venue's day (Europe/London). */

/** today and the next `count - 1` days */
export function nextDays(count: number, now = new Date()): string[] {
  const first = todayInLondon(now);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Monday = 0: how many blank cells come before a date in a Monday-first week row. */
export const mondayOffset = (iso: string) => (dayOfWeek(iso) + 6) % 7;

export type DayBlocks = { wholeDay: boolean; sessionIds: Set<string> };

export function blocksByDate(restrictions: RestrictionDto[]): Map<string, DayBlocks> {
  const map = new Map<string, DayBlocks>();
  for (const r of restrictions) {
    const day = map.get(r.date) ?? { wholeDay: false, sessionIds: new Set<string>() };
    if (r.sessionId) day.sessionIds.add(r.sessionId);
    else day.wholeDay = true;
    map.set(r.date, day);
  }
  return map;
}
