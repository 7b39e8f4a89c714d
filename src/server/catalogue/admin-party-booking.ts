import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  hoursText,
  packageFitsSlot,
  sessionLabelOf,
  slotMinutes,
  type PartiesDocument,
  type PartyBookingDocument,
} from '../../shared/catalogue';
import type { partyBookingEditSchema } from '../../shared/contracts/catalogue';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { AppError } from '../http/errors';
import { PRIVATE_HIRE, withPartyDefaults } from './party-settings';
import { commitCatalogueEdit, STALE } from './admin-edit';
import { lockDocumentAt, writeDocument } from './defaulted-document';

const KEY = 'party_booking';
type Input = z.infer<typeof partyBookingEditSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-28" -> "28 Nov 2026". */
const dayText = (ymd: string) =>
  `${Number(ymd.slice(8, 10))} ${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(0, 4)}`;

const refuse = (field: string, message: string) =>
  new AppError('invalid_input', message, { fields: { [field]: [message] } });

/**
 * How parties are sold online (issue 28): rooms, slots and which packages use them, the deposit, the hold,
 * Private Hire's fewest children and the party menu. The parts sent replace theirs, the rest stay. A
 * database that never stored the document has no row: the first edit (version 0) stores the defaults as
 * its "before", as the visit rules editor does. Issue 38 adds the booking horizon, each package's length (a
 * package is sold only in slots at least as long: a slot too short for a package given it is refused), the
 * minutes a room needs to clear between parties, and the scheduled price changes.
 */
export async function editPartyBooking(opts: { db: Db; input: Input; actor: string; now: Date }): Promise<void> {
  const { version, ...parts } = opts.input;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.party_booking_edited',
    subjectType: 'catalogue_document',
    subjectId: KEY,
    current: (all) => all.partyBooking,
    change: async (tx) => {
      // The settings row FOR UPDATE, first thing: holds, staff bookings and moves take it FOR SHARE under
      // their slot locks before writing a party (parties/party-settings-lock.ts). One in flight makes this
      // wait until it commits, so the check below sees its party; one starting now waits for this edit and
      // is then refused as stale. Lock order: slot locks -> this row -> party rows; this edit takes only
      // this row and reads party_bookings without locking, so the two never wait for each other in a cycle.
      const locked = await lockDocumentAt(tx, {
        key: KEY,
        version,
        defaults: () => withPartyDefaults(null),
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const before = withPartyDefaults(locked.value as Partial<PartyBookingDocument>);
      const after = nextDocument(before, parts, await partiesOf(tx), todayInLondon(opts.now));
      const gone = {
        rooms: before.rooms.filter((r) => !after.rooms.some((a) => a.id === r.id)).map((r) => r.id),
        // A slot whose times change strands its parties as a removed one does: their mails say the old times.
        slots: before.slots
          .filter((s) => !after.slots.some((a) => a.id === s.id && a.start === s.start && a.end === s.end))
          .map((s) => s.id),
        // A food option gone leaves its parties' sheets with an id and no allergens.
        foodOptions: before.foodOptions.filter((o) => !after.foodOptions.some((a) => a.id === o.id)).map((o) => o.id),
        foodPackages: before.foodPackages.filter((id) => !after.foodPackages.includes(id)),
      };
      await refuseIfSold(tx, gone, opts.now);
      await writeDocument(tx, { key: KEY, version, value: after, now: opts.now });
      return { before, after, result: undefined };
    },
  });
}

async function partiesOf(tx: Db): Promise<PartiesDocument> {
  const [row] = await tx.select().from(catalogueDocuments).where(eq(catalogueDocuments.key, 'parties'));
  return row?.value as PartiesDocument;
}

/** The document after the edit, or a 400 naming the field whose ids or numbers do not fit the catalogue. */
function nextDocument(
  before: PartyBookingDocument,
  parts: Omit<Input, 'version'>,
  parties: PartiesDocument,
  today: string,
) {
  const packageIds = parties.packages.map((p) => p.id);
  // In the order of the day, as families choose from them: a slot added late in the list still shows in its place.
  const slots = (parts.slots ?? before.slots)
    .map((s) => ({ ...s, label: s.label.trim() === '' ? sessionLabelOf(s.start, s.end) : s.label }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const slotIds = slots.map((s) => s.id);
  const sentSlots = parts.packageSlots;
  if (sentSlots) {
    const unknownPackage = Object.keys(sentSlots).find((id) => id !== PRIVATE_HIRE && !packageIds.includes(id));
    if (unknownPackage) throw refuse('packageSlots', `There is no party package "${unknownPackage}".`);
    const unknownSlot = Object.values(sentSlots)
      .flat()
      .find((id) => !slotIds.includes(id));
    if (unknownSlot) throw refuse('packageSlots', `There is no party slot "${unknownSlot}".`);
  }
  // Every package keeps its own entry (an empty one too: a missing one would fall back to the defaults),
  // and a slot removed leaves every package's list.
  const packageSlots = Object.fromEntries(
    [...packageIds, PRIVATE_HIRE].map((id) => [
      id,
      (sentSlots?.[id] ?? before.packageSlots[id] ?? []).filter((slotId) => slotIds.includes(slotId)),
    ]),
  );
  const sentMinutes = parts.packageMinutes ?? {};
  const unknownTimed = Object.keys(sentMinutes).find((id) => !packageIds.includes(id));
  if (unknownTimed) throw refuse('packageMinutes', `There is no party package "${unknownTimed}" to give a length.`);
  const packageMinutes = Object.fromEntries(
    packageIds.flatMap((id) => {
      const minutes = sentMinutes[id] ?? before.packageMinutes[id];
      return minutes === undefined ? [] : [[id, minutes]];
    }),
  );
  // A package is sold only in slots at least as long as it runs (DECISIONS.md "Parties online"): checked
  // whenever the edit touches slots, their packages or the packages' lengths.
  if (parts.slots || sentSlots || parts.packageMinutes) {
    for (const pkg of parties.packages)
      for (const slot of slots)
        if (packageSlots[pkg.id]?.includes(slot.id) && !packageFitsSlot({ packageMinutes }, pkg.id, slot))
          throw refuse(
            parts.packageMinutes && !sentSlots ? 'packageMinutes' : 'packageSlots',
            `${pkg.name} runs ${hoursText(packageMinutes[pkg.id]!)}: the slot ${slot.label} (${hoursText(slotMinutes(slot))}) is too short for it. Give ${pkg.name} only slots at least ${hoursText(packageMinutes[pkg.id]!)} long.`,
          );
  }
  const priceChanges = (parts.priceChanges ?? before.priceChanges)
    .map((c) => ({ ...c }))
    .sort((a, b) => a.packageId.localeCompare(b.packageId) || a.fromDate.localeCompare(b.fromDate));
  const unpriced = priceChanges.find((c) => c.packageId !== PRIVATE_HIRE && !packageIds.includes(c.packageId));
  if (unpriced)
    throw refuse('priceChanges', `There is no party package "${unpriced.packageId}" to change the price of.`);
  // A change already stored may have started; a new one starts today or later (sold parties keep their price).
  const isNew = (c: { packageId: string; fromDate: string; pricePence: number }) =>
    !before.priceChanges.some(
      (b) => b.packageId === c.packageId && b.fromDate === c.fromDate && b.pricePence === c.pricePence,
    );
  const backdated = priceChanges.find((c) => isNew(c) && c.fromDate < today);
  if (backdated)
    throw refuse('priceChanges', `A new price change starts today or later, not on ${dayText(backdated.fromDate)}.`);
  const foodPackages = parts.foodPackages ?? before.foodPackages;
  const unknownFood = foodPackages.find((id) => !packageIds.includes(id));
  if (unknownFood) throw refuse('foodPackages', `There is no party package "${unknownFood}" with food.`);
  const foodOptions = parts.foodOptions ?? before.foodOptions;
  if (foodPackages.length > 0 && foodOptions.length === 0)
    throw refuse('foodOptions', 'Keep at least one food option while a package includes party food.');
  const privateHireMinChildren = parts.privateHireMinChildren ?? before.privateHireMinChildren;
  const most = parties.privateHire.maxChildren;
  if (privateHireMinChildren > most)
    throw refuse(
      'privateHireMinChildren',
      `Private Hire takes at most ${most} children: the fewest must be ${most} or less.`,
    );
  return {
    rooms: parts.rooms ?? before.rooms,
    slots,
    packageSlots,
    privateHireMinChildren,
    depositPence: parts.depositPence ?? before.depositPence,
    holdMinutes: parts.holdMinutes ?? before.holdMinutes,
    priceChanges,
    foodOptions,
    foodPackages,
    horizonMonths: parts.horizonMonths ?? before.horizonMonths,
    packageMinutes,
    clearMinutes: parts.clearMinutes ?? before.clearMinutes,
  } satisfies PartyBookingDocument;
}

type Gone = { rooms: string[]; slots: string[]; foodOptions: string[]; foodPackages: string[] };

/**
 * Parties sold (confirmed, or held and not yet run out) from today on that the edit would strand: in a
 * room or slot taken away, having chosen a food option taken off the menu, or of a package whose food is
 * taken off. Refused with how many and their first dates, so staff move or cancel them first (or keep
 * the food until they are over).
 */
async function refuseIfSold(tx: Db, gone: Gone, now: Date): Promise<void> {
  const today = todayInLondon(now);
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const check = async (ids: string[], where: SQL, field: string, message: (sold: string, dates: string) => string) => {
    if (ids.length === 0) return;
    const rows = rowsOf<{ party_date: string; n: number }>(
      await tx.execute(sql`select to_char(party_date, 'YYYY-MM-DD') as party_date, count(*)::int as n
        from party_bookings
        where ${where} and party_date >= ${today}::date
          and (status = 'confirmed' or (status = 'held' and hold_expires_at > ${now}))
        group by party_date order by party_date`),
    );
    const count = rows.reduce((n, r) => n + r.n, 0);
    if (count === 0) return;
    const first = rows.slice(0, 3).map((r) => dayText(r.party_date));
    const sold = count === 1 ? '1 party is' : `${count} parties are`;
    const dates = `${first.length === 1 ? 'first date' : 'first dates'}: ${first.join(', ')}`;
    throw refuse(field, message(sold, dates));
  };
  const moveFirst = (what: string) => (sold: string, dates: string) =>
    `${sold} already booked in ${what} (${dates}). Move or cancel them first, then save.`;
  await check(
    gone.rooms,
    sql`room_id in (${list(gone.rooms)})`,
    'rooms',
    moveFirst(gone.rooms.length === 1 ? 'the room removed' : 'the rooms removed'),
  );
  await check(gone.slots, sql`slot_id in (${list(gone.slots)})`, 'slots', moveFirst('the slots removed or changed'));
  await check(
    gone.foodOptions,
    sql`exists (select 1 from jsonb_array_elements_text(food_choices) as c(id) where c.id in (${list(gone.foodOptions)}))`,
    'foodOptions',
    (sold, dates) => {
      const it = gone.foodOptions.length === 1 ? 'it' : 'them';
      const what = gone.foodOptions.length === 1 ? 'the food option removed' : 'the food options removed';
      return `${sold} already booked with ${what} (${dates}). Keep ${it} on the menu until those parties are over.`;
    },
  );
  await check(
    gone.foodPackages,
    sql`package_id in (${list(gone.foodPackages)}) and jsonb_array_length(food_choices) > 0`,
    'foodPackages',
    (sold, dates) =>
      `${sold} already booked with party food in the package taken off (${dates}). Keep its food until those parties are over.`,
  );
}
