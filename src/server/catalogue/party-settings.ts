import type { AdminCatalogue, PartyBookingDocument, PartySlot } from '../../shared/catalogue';
import { AppError } from '../http/errors';

/** The catalogue facts a party needs: a whole AdminCatalogue is one (catalogueOf(db)). */
export type PartyCatalogue = Pick<AdminCatalogue, 'parties' | 'partyBooking' | 'sessions'>;

export const PRIVATE_HIRE = 'private-hire';

/**
 * The defaults (issue 28). The venue opens 09:30-16:00, so the three slots inside those hours are the
 * party rooms' slots, and 16:00-18:00, after closing, is the after-hours slot: Private Hire's only one,
 * the barn being shut to everyone else then.
 */
export const defaultPartyBooking: PartyBookingDocument = {
  rooms: [
    { id: 'room-1', name: 'Party Room 1' },
    { id: 'room-2', name: 'Party Room 2' },
  ],
  slots: [
    { id: 'morning', label: '9:30 AM - 11:30 AM', start: '09:30', end: '11:30' },
    { id: 'midday', label: '12:00 PM - 2:00 PM', start: '12:00', end: '14:00' },
    { id: 'afternoon', label: '2:00 PM - 4:00 PM', start: '14:00', end: '16:00' },
    { id: 'evening', label: '4:00 PM - 6:00 PM (after hours)', start: '16:00', end: '18:00' },
  ],
  packageSlots: {
    bronze: ['morning', 'midday', 'afternoon'],
    silver: ['morning', 'midday', 'afternoon'],
    gold: ['morning', 'midday', 'afternoon'],
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
  };
}

/** A slot the package may be booked in, or a 400 saying why not. */
export function slotForPackage(catalogue: PartyCatalogue, packageId: string, slotId: string): PartySlot {
  const settings = catalogue.partyBooking.value;
  const slot = settings.slots.find((s) => s.id === slotId);
  if (!slot || !(settings.packageSlots[packageId] ?? []).includes(slotId))
    throw new AppError('party_slot_not_allowed', 'That party package cannot be booked at that time.', {
      fields: { slotId: ['Please choose one of the times offered for this package'] },
    });
  return slot;
}

/** The package ids (and 'private-hire') that may use a slot, in the catalogue's order. */
export function packagesForSlot(catalogue: PartyCatalogue, slotId: string): string[] {
  const ids = [...catalogue.parties.value.packages.map((p) => p.id), PRIVATE_HIRE];
  return ids.filter((id) => (catalogue.partyBooking.value.packageSlots[id] ?? []).includes(slotId));
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
