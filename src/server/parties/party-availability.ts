import { sql } from 'drizzle-orm';
import { addDays, addMonths, bookableRange, datesBetween } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { slotClosed, type Closure } from './allocate-room';
import { partySlotOnSale } from './party-rules';
import { packagesForSlot, PRIVATE_HIRE, type PartyCatalogue } from './party-settings';

export type PartySlotAvailability = {
  slotId: string;
  label: string;
  start: string;
  end: string;
  /** How many party rooms are free (0 when closed, or when Private Hire has the barn). */
  roomsFree: number;
  /** The packages that can still be booked here ('private-hire' only while every room is free). */
  packages: string[];
};
export type PartyDayAvailability = { date: string; closed: boolean; slots: PartySlotAvailability[] };
export type PartyAvailability = { month: string; rooms: number; days: PartyDayAvailability[] };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A month of party slots (YYYY-MM), as the party page shows them: only the dates and slots on sale at
 * `now` (today's slots not yet started, through the booking horizon). The month's parties and closures
 * are read in one query; a hold that ran out no longer counts, swept or not.
 */
export async function partyAvailability(
  db: Db,
  catalogue: PartyCatalogue,
  month: string,
  now: Date,
): Promise<PartyAvailability> {
  if (!MONTH.test(month))
    throw new AppError('invalid_input', 'Please give a month as YYYY-MM.', { fields: { month: ['YYYY-MM'] } });
  const settings = catalogue.partyBooking.value;
  const window = bookableRange(now);
  const first = `${month}-01`;
  const from = first > window.from ? first : window.from;
  const last = addDays(addMonths(first, 1), -1);
  const to = last < window.to ? last : window.to;
  const result: PartyAvailability = { month, rooms: settings.rooms.length, days: [] };
  if (from > to) return result;

  // A closure's row carries its session id (null: the whole day) as slotId.
  const rows = rowsOf<{ kind: 'party' | 'closure'; date: string; slotId: string | null; roomId: string | null }>(
    await db.execute(sql`
      select 'party' as kind, to_char(party_date, 'YYYY-MM-DD') as date, slot_id as "slotId", room_id as "roomId"
      from party_bookings
      where party_date between ${from}::date and ${to}::date and status in ('held', 'confirmed')
        and (status = 'confirmed' or hold_expires_at > ${now})
      union all
      select 'closure', to_char(date, 'YYYY-MM-DD'), session_id, null
      from session_restrictions where date between ${from}::date and ${to}::date`),
  );
  const closures = new Map<string, Closure[]>();
  const taken = new Map<string, (string | null)[]>(); // "date slot" -> rooms taken (null: the whole barn)
  for (const r of rows) {
    if (r.kind === 'closure')
      closures.set(r.date, [...(closures.get(r.date) ?? []), { date: r.date, sessionId: r.slotId }]);
    else taken.set(`${r.date} ${r.slotId}`, [...(taken.get(`${r.date} ${r.slotId}`) ?? []), r.roomId]);
  }

  for (const date of datesBetween(from, to)) {
    const dayClosures = closures.get(date) ?? [];
    const slots: PartySlotAvailability[] = [];
    for (const slot of settings.slots) {
      if (!partySlotOnSale(date, slot, now)) continue;
      const used = taken.get(`${date} ${slot.id}`) ?? [];
      const closed = slotClosed(slot, dayClosures, catalogue.sessions);
      const roomsFree =
        closed || used.includes(null) ? 0 : settings.rooms.filter((room) => !used.includes(room.id)).length;
      const packages = closed
        ? []
        : packagesForSlot(catalogue, slot.id).filter((id) => (id === PRIVATE_HIRE ? used.length === 0 : roomsFree > 0));
      slots.push({ slotId: slot.id, label: slot.label, start: slot.start, end: slot.end, roomsFree, packages });
    }
    if (slots.length > 0) result.days.push({ date, closed: dayClosures.some((c) => c.sessionId === null), slots });
  }
  return result;
}
