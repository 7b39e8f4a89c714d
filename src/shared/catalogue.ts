import { bandIdOn, type DayBand, type DayTypesDocument, type HolidaysDocument } from './day-types';
import type { MembershipPlanDocument } from './memberships';
import type { MenuItem } from './menu';
import type { Pence } from './money';
import type { VisitRulesDocument } from './visit-rules';

/**
 * The catalogue's shapes and the rules that derive one fact from another (DECISIONS.md "The venue owns
 * its catalogue"). The facts themselves live in the database (server/catalogue), edited by admins; every
 * page reads them through useCatalogue() and every server module through catalogueOf(db).
 */

export type VenueAddress = { line1: string; town: string; county: string; postcode: string };
export type SocialLink = { name: string; href: string | null };
export type OpeningDay = { days: string; hours: string };

/** The venue document as stored and edited: identity, contacts, directions and opening hours. */
export type VenueDocument = {
  name: string;
  brandLine: string;
  description: string;
  address: VenueAddress;
  phone: string;
  partyLinePhone: string;
  partyLineHours: string;
  email: string;
  aboutVideoUrl: string | null;
  social: SocialLink[];
  directions: { motorway: string; steps: string[]; parking: string; bus: string; train: string };
  /** The UK VAT number receipts and the Z report print ("GB123456789"); absent or null when not registered. */
  vatNumber?: string | null;
  openingHours: {
    days: OpeningDay[];
    /** 24-hour "HH:MM". */
    opens: string;
    closes: string;
    lastEntry: string;
    arriveEarlyMinutes: number;
  };
};

/** What pages read as `venue`: the document plus facts derived from it. */
export type VenueView = Omit<VenueDocument, 'openingHours' | 'vatNumber'> & {
  phoneHref: string;
  fullAddress: string;
  vatNumber: string | null;
};
export type OpeningHoursView = VenueDocument['openingHours'] & { lastEntryLabel: string; lastEntryNote: string };

export const sellDaysOptions = ['any', 'weekdays', 'weekends'] as const;
export type SellDays = (typeof sellDaysOptions)[number];

/** A ticket type priced for one visit date. */
export type TicketTypeView = {
  id: string;
  title: string;
  description: string;
  pricePence: Pence;
  feePence: Pence;
  ageRange: string;
  colour: string;
  isChild: boolean;
  /**
   * The ages (whole years on the visit date, inclusive) a child on a family profile is suggested this ticket at
   * (shared/child-tickets.ts); null: not suggested by age (a grown-up's ticket, a special session's).
   */
  ageFrom: number | null;
  ageTo: number | null;
  /** A session credit pays for one of these (shared/visit-rules.ts creditTicketOf). */
  paidByCredit: boolean;
  sellDays: SellDays;
  /** Empty: every session. */
  sessionIds: string[];
  /** Sold only for the weekday morning session (the baby and toddler mornings): the pages word it so. */
  weekdayMorningOnly: boolean;
  active: boolean;
  sort: number;
  /** Its price in each band of days on the catalogue's day, by band id (the home page's prices by band). */
  bandPrices: Record<string, Pence>;
};

export type SessionView = { id: string; label: string; start: string; end: string; sort: number; capacity: number };

export type PartyPackage = {
  id: string;
  name: string;
  perChildPence: Pence;
  /** The party's length, as families read it ("2 hours"). */
  hours: string;
  freeAdults: number;
  includes: string[];
  minChildren: number;
  maxChildren: number;
};
export type PrivateHire = {
  pricePence: Pence;
  maxChildren: number;
  maxAdults: number;
  foodPerPersonPence: Pence;
  summary: string;
};
export type PartiesDocument = { packages: PartyPackage[]; privateHire: PrivateHire; slots: string[] };

/** A party room: a package party takes one; Private Hire takes the whole barn (every room). */
export type PartyRoom = { id: string; name: string };
/** A time a party room can be booked for on any date; times are 24-hour "HH:MM". */
export type PartySlot = { id: string; label: string; start: string; end: string };
/** A scheduled party price: from `fromDate` on, a package's price per child (Private Hire's, its flat price). */
export type PartyPriceChange = { packageId: string; fromDate: string; pricePence: Pence };
/**
 * What selling parties online needs beyond the parties document (issue 28), stored as the catalogue
 * document 'party_booking'. Every field is optional in the stored JSON and defaulted in code when it is
 * missing (server/catalogue/party-settings.ts), so a database from before it needs nothing written.
 */
export type PartyBookingDocument = {
  rooms: PartyRoom[];
  slots: PartySlot[];
  /** Per package id of the parties document (and 'private-hire'): the slot ids it may be booked in. */
  packageSlots: Record<string, string[]>;
  /** Private Hire's fewest children (its most is the parties document's privateHire.maxChildren). */
  privateHireMinChildren: number;
  depositPence: Pence;
  /** How long a room is held while the family pays the deposit. */
  holdMinutes: number;
  /** Price changes scheduled ahead; before a package's first one, the parties document's price applies. */
  priceChanges: PartyPriceChange[];
  /** The party menu: each child of a package with food picks one (allergen ids as the cafe menu's, shared/menu.ts). */
  foodOptions: PartyFoodOption[];
  /** The package ids whose parties include food (the packages whose includes say 'Party food'). */
  foodPackages: string[];
  /**
   * How far ahead parties are sold: today through this many months (visits: one month,
   * shared/dates.ts BOOKING_WINDOW_MONTHS). DECISIONS.md "Parties online": 6 by default.
   */
  horizonMonths: number;
  /**
   * Per package id of the parties document: how long its party runs, in minutes. A package is sold only
   * in slots at least this long (Private Hire has none: it runs for its slot).
   */
  packageMinutes: Record<string, number>;
  /** The minutes a room needs to clear between two parties (Private Hire: every room). */
  clearMinutes: number;
};

/** A slot's length in minutes ("09:30"-"12:30" -> 180). */
export function slotMinutes(slot: Pick<PartySlot, 'start' | 'end'>): number {
  return minutesOf(slot.end) - minutesOf(slot.start);
}

/** "150" -> "2.5 hours", "120" -> "2 hours", "90" -> "1.5 hours", "60" -> "1 hour". */
export function hoursText(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * Whether two slots of one room are too close: they overlap, or one starts less than `clearMinutes` after
 * the other ends (DECISIONS.md "Parties online": a room needs 30 minutes to clear between parties).
 */
export function slotsClash(
  a: Pick<PartySlot, 'start' | 'end'>,
  b: Pick<PartySlot, 'start' | 'end'>,
  clearMinutes: number,
): boolean {
  return minutesOf(a.start) < minutesOf(b.end) + clearMinutes && minutesOf(b.start) < minutesOf(a.end) + clearMinutes;
}

/**
 * Whether a package runs no longer than a slot: a package is sold only in slots at least as long as it runs.
 * A package with no length (Private Hire) fits any slot.
 */
export function packageFitsSlot(
  doc: Pick<PartyBookingDocument, 'packageMinutes'>,
  packageId: string,
  slot: Pick<PartySlot, 'start' | 'end'>,
): boolean {
  const minutes = doc.packageMinutes[packageId];
  return minutes === undefined || slotMinutes(slot) >= minutes;
}

/** One choice on the party menu. */
export type PartyFoodOption = { id: string; name: string; allergens: string[] };

export type NoticePost = {
  id: string;
  title: string;
  /** Plain text: line breaks and links are shown as such, anything else as text. */
  body: string;
  publishFrom: string;
  expiresOn: string | null;
  pinned: boolean;
};

export type CatalogueMenuItem = MenuItem & {
  dietary: string[];
  available: boolean;
  /** An uploaded photo's two WebP widths, when there is one. */
  photo: { small: string; large: string } | null;
};

/** Everything a public page shows, as of one London day (prices and posts depend on the day). */
export type PublicCatalogue = {
  version: number;
  day: string;
  venue: VenueView;
  openingHours: OpeningHoursView;
  sessions: SessionView[];
  ticketTypes: TicketTypeView[];
  /** The band of days `day` is in, and every band (the home page shows prices by band). */
  band: DayBand;
  bands: DayBand[];
  menuItems: CatalogueMenuItem[];
  posts: NoticePost[];
  parties: PartiesDocument;
  /** The credit bundle, parking, house rules and what to bring (shared/visit-rules.ts). */
  visitRules: VisitRulesDocument;
};

/**
 * The catalogue as a page carries it (server/http/catalogue-embed.ts): the cafe menu's items, most of its
 * bytes, only on the pages that show them; elsewhere null, and fetched if the family goes to the menu.
 */
export type PageCatalogue = Omit<PublicCatalogue, 'menuItems'> & { menuItems: CatalogueMenuItem[] | null };

/** The pages whose first view shows the menu's items. */
export const menuPagePaths: readonly string[] = ['/menu', '/menu-enhanced', '/menu-poster'];

/** "01632 960 123" -> "tel:+441632960123" (a UK number written with its leading 0). */
export function phoneHrefOf(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

/** "15:00" -> "3:00pm". */
export function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

export function venueViewOf(doc: VenueDocument): { venue: VenueView; openingHours: OpeningHoursView } {
  const { openingHours, ...identity } = doc;
  const a = doc.address;
  const minutesBeforeClose = minutesOf(openingHours.closes) - minutesOf(openingHours.lastEntry);
  const lastEntryLabel = clockLabel(openingHours.lastEntry);
  return {
    venue: {
      ...identity,
      phoneHref: phoneHrefOf(doc.phone),
      fullAddress: `${a.line1}, ${a.town}, ${a.county} ${a.postcode}`,
      vatNumber: doc.vatNumber ?? null,
    },
    openingHours: {
      ...openingHours,
      lastEntryLabel,
      lastEntryNote: `Last entry ${lastEntryLabel} every day, ${minutesBeforeClose === 60 ? 'one hour' : `${minutesBeforeClose} minutes`} before closing.`,
    },
  };
}

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** "09:30"-"11:30" -> "9:30 AM - 11:30 AM", the label sessions are shown with. */
export function sessionLabelOf(start: string, end: string): string {
  const label = (t: string) => clockLabel(t).replace(/(am|pm)$/, (s) => ` ${s.toUpperCase()}`);
  return `${label(start)} - ${label(end)}`;
}

/** Whether a ticket type is sold for a visit on this kind of day and session (null: an all-day ticket). */
export function ticketSellsFor(
  type: Pick<TicketTypeView, 'sellDays' | 'sessionIds'>,
  slot: { weekend: boolean; sessionId: string | null },
): boolean {
  if (type.sellDays === 'weekdays' && slot.weekend) return false;
  if (type.sellDays === 'weekends' && !slot.weekend) return false;
  if (type.sessionIds.length === 0) return true;
  return slot.sessionId !== null && type.sessionIds.includes(slot.sessionId);
}

/** A dated price row: the price of visits from `fromDate` until the next row's date. */
export type DatedPrice = { fromDate: string; pricePence: Pence; feePence: Pence };
/** A dated price of one band of days (shared/day-types.ts): each ticket type has a list per band. */
export type BandPrice = DatedPrice & { bandId: string };

/** GET /api/admin/catalogue: everything, with ids and the versions an edit must send back. */
export type AdminCatalogue = {
  version: number;
  venue: { value: VenueDocument; version: number };
  parties: { value: PartiesDocument; version: number };
  /** Version 0: not stored yet, every field its default. */
  partyBooking: { value: PartyBookingDocument; version: number };
  /** Version 0: not stored yet (a database from before issue 25), every field its default. */
  visitRules: { value: VisitRulesDocument; version: number };
  /** How long a waiting list offer holds its places (contracts/waiting-list.ts). Version 0: not stored yet, 2 hours. */
  waitingList: { value: { offerHours: number }; version: number };
  /** The bands of days and the rules that put each date in one. Version 0: not stored yet, the product's two. */
  dayTypes: { value: DayTypesDocument; version: number };
  /** School holidays and bank holidays. Version 0: not stored yet, no school holidays and the shipped bank holidays. */
  holidays: { value: HolidaysDocument; version: number };
  /** Memberships' plans (issue 40). Version 0: not stored yet, the two the product starts with. */
  membershipPlans: { value: { plans: MembershipPlanDocument[] }; version: number };
  ticketTypes: (Omit<TicketTypeView, 'pricePence' | 'feePence' | 'bandPrices'> & {
    version: number;
    prices: BandPrice[];
  })[];
  sessions: (SessionView & { version: number })[];
  menuItems: (CatalogueMenuItem & { version: number; sort: number })[];
  posts: (NoticePost & { version: number })[];
};

/** The price in force on `day`: the latest row whose date is on or before it. */
export function priceOn(prices: readonly DatedPrice[], day: string): DatedPrice | undefined {
  let found: DatedPrice | undefined;
  for (const p of prices) if (p.fromDate <= day && (!found || p.fromDate > found.fromDate)) found = p;
  return found;
}

/** The price of one band in force on `day`: the latest of that band's rows on or before it. */
export function bandPriceOn(prices: readonly BandPrice[], bandId: string, day: string): BandPrice | undefined {
  let found: BandPrice | undefined;
  for (const p of prices)
    if (p.bandId === bandId && p.fromDate <= day && (!found || p.fromDate > found.fromDate)) found = p;
  return found;
}

/** The band a date falls in (an id the catalogue no longer has reads as the first band, never as no band). */
export function bandOn(all: Pick<AdminCatalogue, 'dayTypes' | 'holidays'>, day: string): DayBand {
  const id = bandIdOn(all.dayTypes.value, all.holidays.value, day);
  const bands = all.dayTypes.value.bands;
  return bands.find((b) => b.id === id) ?? bands[0]!;
}

/** The public catalogue for one London day, from the admin's whole view. */
export function publicCatalogueOf(all: AdminCatalogue, day: string): PublicCatalogue {
  const { venue, openingHours } = venueViewOf(all.venue.value);
  const band = bandOn(all, day);
  const bands = all.dayTypes.value.bands;
  const ticketTypes: TicketTypeView[] = [];
  for (const { prices, version: _v, ...t } of all.ticketTypes) {
    const price = bandPriceOn(prices, band.id, day);
    if (!t.active || !price) continue;
    const bandPrices: Record<string, Pence> = {};
    for (const b of bands) {
      const p = bandPriceOn(prices, b.id, day);
      if (p) bandPrices[b.id] = p.pricePence;
    }
    ticketTypes.push({ ...t, pricePence: price.pricePence, feePence: price.feePence, bandPrices });
  }
  const posts = all.posts
    .filter((p) => p.publishFrom <= day && (p.expiresOn === null || p.expiresOn >= day))
    .map(({ version: _v, ...p }) => p)
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishFrom.localeCompare(a.publishFrom));
  return {
    version: all.version,
    day,
    venue,
    openingHours,
    sessions: all.sessions.map(({ version: _v, ...s }) => s),
    ticketTypes,
    band,
    bands: bands.map((b) => ({ id: b.id, name: b.name })),
    menuItems: all.menuItems.map(({ version: _v, sort: _s, ...m }) => m),
    posts,
    parties: partiesViewOf(all),
    visitRules: all.visitRules.value,
  };
}

/**
 * The parties document as pages read it: its times are the online booking's slots (DECISIONS.md "Parties
 * online": the enquiry form offers the same slots as online booking), in the order of the day.
 */
export function partiesViewOf(all: Pick<AdminCatalogue, 'parties' | 'partyBooking'>): PartiesDocument {
  return { ...all.parties.value, slots: all.partyBooking.value.slots.map((s) => s.label) };
}
