import { sql } from 'drizzle-orm';
import {
  partyMonthQuerySchema,
  type PartyAvailabilityResponse,
  type partyPackageOfferSchema,
} from '../../shared/contracts/party-booking';
import type { z } from '../../shared/contracts/zod';
import { addDays, addMonths, datesBetween } from '../../shared/dates';
import { hoursText, slotMinutes } from '../../shared/catalogue';
import { rowsOf, type Db } from '../db/client';
import { parseInput } from '../http/errors';
import { roomsFreeFor, slotClosed, type Closure, type LiveParty } from './allocate-room';
import { childBounds, packagePriceOn } from './party-price';
import { partyBookableRange, partySlotOnSale } from './party-rules';
import { packageHasFood, packagesForSlot, PRIVATE_HIRE, type PartyCatalogue } from '../catalogue/party-settings';

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
export type PartyAvailability = PartyAvailabilityResponse;

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
  parseInput(partyMonthQuerySchema, { month });
  const settings = catalogue.partyBooking.value;
  const window = partyBookableRange(now, settings);
  const first = `${month}-01`;
  const from = first > window.from ? first : window.from;
  const last = addDays(addMonths(first, 1), -1);
  const to = last < window.to ? last : window.to;
  const result: PartyAvailability = {
    month,
    lastDate: window.to,
    rooms: settings.rooms.length,
    depositPence: settings.depositPence,
    days: [],
    packages: packageOffers(catalogue, from <= to ? from : first),
    foodOptions: settings.foodOptions,
  };
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
  const live = new Map<string, LiveParty[]>(); // date -> its live parties (room null: the whole barn)
  for (const r of rows) {
    if (r.kind === 'closure')
      closures.set(r.date, [...(closures.get(r.date) ?? []), { date: r.date, sessionId: r.slotId }]);
    else live.set(r.date, [...(live.get(r.date) ?? []), { slotId: r.slotId ?? '', roomId: r.roomId }]);
  }

  for (const date of datesBetween(from, to)) {
    const dayClosures = closures.get(date) ?? [];
    const slots: PartySlotAvailability[] = [];
    for (const slot of settings.slots) {
      if (!partySlotOnSale(date, slot, now, settings)) continue;
      // A room is taken by a party in this slot or in one too close to it (allocate-room.ts, as a hold decides).
      const free = roomsFreeFor(catalogue, slot, live.get(date) ?? []);
      const closed = slotClosed(slot, dayClosures, catalogue.sessions);
      const roomsFree = closed ? 0 : free.rooms.length;
      const packages = closed
        ? []
        : packagesForSlot(catalogue, slot.id).filter((id) => (id === PRIVATE_HIRE ? free.barnFree : roomsFree > 0));
      slots.push({ slotId: slot.id, label: slot.label, start: slot.start, end: slot.end, roomsFree, packages });
    }
    if (slots.length > 0) result.days.push({ date, closed: dayClosures.some((c) => c.sessionId === null), slots });
  }
  return result;
}

/** Every package as the party page offers it, priced for a party on `date` (Private Hire last, flat-priced). */
function packageOffers(catalogue: PartyCatalogue, date: string): z.infer<typeof partyPackageOfferSchema>[] {
  const { packages, privateHire } = catalogue.parties.value;
  const offer = (id: string, name: string, hours: string, includes: string[]) => {
    const { min, max } = childBounds(catalogue, id);
    const perChild = id !== PRIVATE_HIRE;
    const food = packageHasFood(catalogue, id);
    return {
      id,
      name,
      hours,
      includes,
      minChildren: min,
      maxChildren: max,
      pricePence: packagePriceOn(catalogue, id, date),
      perChild,
      food,
    };
  };
  const hireSlot = catalogue.partyBooking.value.slots.find((s) =>
    packagesForSlot(catalogue, s.id).includes(PRIVATE_HIRE),
  );
  return [
    ...packages.map((p) => offer(p.id, p.name, p.hours, [...p.includes])),
    offer(PRIVATE_HIRE, 'Private Hire', hireSlot ? hoursText(slotMinutes(hireSlot)) : '', [privateHire.summary]),
  ];
}
