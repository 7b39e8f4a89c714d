import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CafeMenuItem, CafeMenuResponse } from '../../shared/contracts/cafe-orders';
import { todayInLondon } from '../../shared/dates';
import { VENUE_TIME_ZONE } from '../../shared/venue';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { menuItems, sessionRestrictions } from '../db/schema';
import { tableOfToken } from './tables';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** The time of day in London, in minutes after midnight. */
function londonMinutes(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether the cafe takes orders now: between the venue's opening and closing times, London time, on a day
 * the venue is not closed (a whole-day closure in the Booking Calendar).
 */
export async function cafeHours(db: Db, now: Date): Promise<{ open: boolean; opensAt: string; closesAt: string }> {
  const { openingHours } = await publicCatalogue(db, now);
  const t = londonMinutes(now);
  const [closed] = await db
    .select({ id: sessionRestrictions.id })
    .from(sessionRestrictions)
    .where(and(eq(sessionRestrictions.date, todayInLondon(now)), isNull(sessionRestrictions.sessionId)))
    .limit(1);
  const open = !closed && t >= minutesOf(openingHours.opens) && t < minutesOf(openingHours.closes);
  return { open, opensAt: openingHours.opens, closesAt: openingHours.closes };
}

/**
 * GET /api/cafe/menu?table=: the menu's items with their allergens, photos, options and whether the kitchen
 * has them now (read from the rows, so a sold-out switch counts at the next request in every process).
 */
export async function cafeMenu(db: Db, token: string, now: Date): Promise<CafeMenuResponse> {
  const table = await tableOfToken(db, token);
  const catalogue = await publicCatalogue(db, now);
  const photos = new Map(catalogue.menuItems.map((m) => [m.id, m.photo?.small ?? m.image?.src ?? null]));
  const rows = await db.select().from(menuItems).orderBy(asc(menuItems.sort), asc(menuItems.id));
  const items: CafeMenuItem[] = rows.map((m) => ({
    id: m.id,
    section: m.section,
    name: m.name,
    description: m.description,
    pricePence: m.pricePence,
    allergens: m.allergens,
    dietary: m.dietary,
    emoji: m.emoji,
    photo: photos.get(m.id) ?? null,
    options: m.options,
    available: m.available,
  }));
  return { table: { number: table.number, name: table.name }, ...(await cafeHours(db, now)), items };
}
