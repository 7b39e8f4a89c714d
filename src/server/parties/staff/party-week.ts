import { and, asc, gte, lte } from 'drizzle-orm';
import type { PartyWeekResponse } from '../../../shared/contracts/admin-parties';
import { addDays, dayOfWeek, mondayOf, todayInLondon } from '../../../shared/dates';
import { catalogueOf } from '../../catalogue/catalogue-store';
import type { Db } from '../../db/client';
import { partyBookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { childBounds } from '../party-price';
import { packageHasFood, packageSoldInSlot, PRIVATE_HIRE } from '../../catalogue/party-settings';
import { partyNames } from '../../catalogue/party-settings';
import { partyBookableRange } from '../party-rules';
import { staffSummaryOf } from './party-names';

const minMax = (b: { min: number; max: number }) => ({ minChildren: b.min, maxChildren: b.max });

/**
 * The staff week view: every held and confirmed party from Monday to Sunday, by date and slot, with the
 * cancelled ones apart (expired holds were never parties, so they are left out).
 */
export async function partyWeek(db: Db, week: string | undefined, now: Date): Promise<PartyWeekResponse> {
  if (week !== undefined && dayOfWeek(week) !== 1)
    throw new AppError('invalid_input', 'Please give the Monday the week starts on.', {
      fields: { week: ['Please give a Monday as YYYY-MM-DD'] },
    });
  const monday = week ?? mondayOf(todayInLondon(now));
  const sunday = addDays(monday, 6);
  const catalogue = await catalogueOf(db);
  const rows = await db
    .select()
    .from(partyBookings)
    .where(and(gte(partyBookings.partyDate, monday), lte(partyBookings.partyDate, sunday)))
    .orderBy(asc(partyBookings.partyDate), asc(partyBookings.slotId), asc(partyBookings.roomId));
  const settings = catalogue.partyBooking.value;
  const slotOrder = (id: string) => settings.slots.findIndex((s) => s.id === id);
  const summaries = rows
    .filter((r) => r.status !== 'expired')
    .map((r) => staffSummaryOf(catalogue, r, now))
    .sort((a, b) => a.date.localeCompare(b.date) || slotOrder(a.slotId) - slotOrder(b.slotId));
  return {
    week: monday,
    days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
    lastDate: partyBookableRange(now, settings).to,
    rooms: settings.rooms.map((r) => ({ id: r.id, name: r.name })),
    slots: settings.slots.map((s) => ({ id: s.id, label: s.label, start: s.start, end: s.end })),
    clearMinutes: settings.clearMinutes,
    parties: summaries.filter((s) => s.status !== 'cancelled'),
    cancelled: summaries.filter((s) => s.status === 'cancelled'),
    packages: [...catalogue.parties.value.packages.map((p) => p.id), PRIVATE_HIRE].map((id) => ({
      id,
      name: partyNames(catalogue, { packageId: id, roomId: null, slotId: '' }).packageName,
      ...minMax(childBounds(catalogue, id)),
      food: packageHasFood(catalogue, id),
      slotIds: settings.slots.filter((s) => packageSoldInSlot(settings, id, s)).map((s) => s.id),
    })),
    foodOptions: settings.foodOptions,
  };
}
