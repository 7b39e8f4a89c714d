import {
  hoursText,
  packageFitsSlot,
  slotMinutes,
  type AdminCatalogue,
  type PartyBookingDocument,
  type PartySlot,
} from '../../shared/catalogue';
import { AppError } from '../http/errors';

/** The catalogue facts a party needs: a whole AdminCatalogue is one (catalogueOf(db)). */
export type PartyCatalogue = Pick<AdminCatalogue, 'parties' | 'partyBooking' | 'sessions'>;

export const PRIVATE_HIRE = 'private-hire';

/**
 * The defaults (issue 28; slots by package length, issue 38). The venue opens 09:30-16:00. Each package has
 * slots of its length inside those hours (Bronze 2 h, Silver 2.5 h, Gold 3 h; a package may also use a
 * longer slot), and a room needs 30 minutes to clear between parties: two slots of one room closer than
 * that are alternatives, never both sold (allocate-room.ts). 16:30-18:30, after closing and 30 minutes
 * after the rooms' last party, is the after-hours slot: Private Hire's only one, the barn being shut to
 * everyone else then. Parties are sold 6 months ahead (DECISIONS.md "Parties online").
 */
export const defaultPartyBooking: PartyBookingDocument = {
  rooms: [
    { id: 'room-1', name: 'Party Room 1' },
    { id: 'room-2', name: 'Party Room 2' },
  ],
  slots: [
    { id: 'morning', label: '9:30 AM - 11:30 AM', start: '09:30', end: '11:30' },
    { id: 'morning-long', label: '9:30 AM - 12:30 PM', start: '09:30', end: '12:30' },
    { id: 'midday', label: '12:00 PM - 2:30 PM', start: '12:00', end: '14:30' },
    { id: 'afternoon-long', label: '1:00 PM - 4:00 PM', start: '13:00', end: '16:00' },
    { id: 'afternoon', label: '2:00 PM - 4:00 PM', start: '14:00', end: '16:00' },
    { id: 'evening', label: '4:30 PM - 6:30 PM (after hours)', start: '16:30', end: '18:30' },
  ],
  packageSlots: {
    bronze: ['morning', 'midday', 'afternoon'],
    silver: ['morning-long', 'midday', 'afternoon-long'],
    gold: ['morning-long', 'afternoon-long'],
    [PRIVATE_HIRE]: ['evening'],
  },
  privateHireMinChildren: 1,
  depositPence: 5000,
  holdMinutes: 15,
  priceChanges: [],
  // A kids' party menu; allergens are the cafe menu's ids (shared/menu.ts), what each dish contains.
  foodOptions: [
    { id: 'cheese-sandwiches', name: 'Cheese sandwiches', allergens: ['gluten', 'milk', 'soya'] },
    { id: 'ham-sandwiches', name: 'Ham sandwiches', allergens: ['gluten', 'milk', 'soya'] },
    { id: 'chicken-nuggets', name: 'Chicken nuggets and chips', allergens: ['gluten', 'celery'] },
    { id: 'cheese-pizza', name: 'Cheese and tomato pizza', allergens: ['gluten', 'milk'] },
    { id: 'veggie-pasta', name: 'Tomato pasta (vegan)', allergens: ['gluten', 'celery'] },
    { id: 'hot-dog', name: 'Hot dog in a bun', allergens: ['gluten', 'sulphites'] },
  ],
  foodPackages: ['silver', 'gold'],
  horizonMonths: 6,
  packageMinutes: { bronze: 120, silver: 150, gold: 180 },
  clearMinutes: 30,
};

/** The stored document (possibly `{}` or missing fields, from before a field existed) with defaults filled. */
export function withPartyDefaults(stored: Partial<PartyBookingDocument> | null | undefined): PartyBookingDocument {
  const s = stored ?? {};
  return {
    rooms: s.rooms ?? defaultPartyBooking.rooms,
    slots: s.slots ?? defaultPartyBooking.slots,
    packageSlots: { ...defaultPartyBooking.packageSlots, ...s.packageSlots },
    privateHireMinChildren: s.privateHireMinChildren ?? defaultPartyBooking.privateHireMinChildren,
    depositPence: s.depositPence ?? defaultPartyBooking.depositPence,
    holdMinutes: s.holdMinutes ?? defaultPartyBooking.holdMinutes,
    priceChanges: s.priceChanges ?? defaultPartyBooking.priceChanges,
    foodOptions: s.foodOptions ?? defaultPartyBooking.foodOptions,
    foodPackages: s.foodPackages ?? defaultPartyBooking.foodPackages,
    horizonMonths: s.horizonMonths ?? defaultPartyBooking.horizonMonths,
    packageMinutes: { ...defaultPartyBooking.packageMinutes, ...s.packageMinutes },
    clearMinutes: s.clearMinutes ?? defaultPartyBooking.clearMinutes,
  };
}

/**
 * Whether a package is sold in a slot: the slot is one of the package's and at least as long as the
 * package runs. The length is checked here too, not only by the editor, so a document stored before
 * packages had lengths (Gold in a 2-hour slot) never sells a party its slot cannot hold.
 */
export function packageSoldInSlot(settings: PartyBookingDocument, packageId: string, slot: PartySlot): boolean {
  return (settings.packageSlots[packageId] ?? []).includes(slot.id) && packageFitsSlot(settings, packageId, slot);
}

/** A slot the package may be booked in, or a 400 saying why not. */
export function slotForPackage(catalogue: PartyCatalogue, packageId: string, slotId: string): PartySlot {
  const settings = catalogue.partyBooking.value;
  const slot = settings.slots.find((s) => s.id === slotId);
  if (slot && (settings.packageSlots[packageId] ?? []).includes(slotId) && !packageFitsSlot(settings, packageId, slot))
    throw new AppError(
      'party_slot_not_allowed',
      `That party runs ${hoursText(settings.packageMinutes[packageId] ?? 0)}: the slot ${slot.label} (${hoursText(slotMinutes(slot))}) is too short for it.`,
      { fields: { slotId: ['Please choose one of the times offered for this package'] } },
    );
  if (!slot || !packageSoldInSlot(settings, packageId, slot))
    throw new AppError('party_slot_not_allowed', 'That party package cannot be booked at that time.', {
      fields: { slotId: ['Please choose one of the times offered for this package'] },
    });
  return slot;
}

/** The package ids (and 'private-hire') sold in a slot, in the catalogue's order. */
export function packagesForSlot(catalogue: PartyCatalogue, slotId: string): string[] {
  const settings = catalogue.partyBooking.value;
  const slot = settings.slots.find((s) => s.id === slotId);
  if (!slot) return [];
  const ids = [...catalogue.parties.value.packages.map((p) => p.id), PRIVATE_HIRE];
  return ids.filter((id) => packageSoldInSlot(settings, id, slot));
}

/** Whether a package's parties include food: then each child picks one of the menu's options. */
export const packageHasFood = (catalogue: PartyCatalogue, packageId: string): boolean =>
  catalogue.partyBooking.value.foodPackages.includes(packageId);

/**
 * The catalogue's names for a party's package, room and slot: what mails, pages and staff show. A package,
 * room or slot renamed or removed since keeps its party readable by its id.
 */
export function partyNames(
  catalogue: Pick<PartyCatalogue, 'parties' | 'partyBooking'>,
  row: { packageId: string; roomId: string | null; slotId: string },
) {
  const settings = catalogue.partyBooking.value;
  const packageName =
    row.packageId === PRIVATE_HIRE
      ? 'Private Hire'
      : (catalogue.parties.value.packages.find((p) => p.id === row.packageId)?.name ?? row.packageId);
  const roomName =
    row.roomId === null ? 'The whole barn' : (settings.rooms.find((r) => r.id === row.roomId)?.name ?? row.roomId);
  const slotLabel = settings.slots.find((s) => s.id === row.slotId)?.label ?? row.slotId;
  return { packageName, roomName, slotLabel };
}
