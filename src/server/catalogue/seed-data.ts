import type { PartiesDocument, VenueDocument } from '../../shared/catalogue';
import { defaultPartyBooking } from './party-settings';
import type { VisitRulesDocument } from '../../shared/visit-rules';
import { menuItems as seedMenuItems } from './seed-menu';
import {
  creditBundle,
  openingHours,
  partyPackages,
  parking,
  privateHire,
  sessionTimes,
  ticketTypeSeeds,
  venue,
  visitTerms,
  whatToBring,
} from './seed-facts';

/**
 * What the first start writes into an empty database (DECISIONS.md "One source of truth" gives the
 * values). After that the database is the catalogue and nothing here is read again.
 */
export const seedVenueDocument: VenueDocument = {
  name: venue.name,
  brandLine: venue.brandLine,
  description: venue.description,
  address: { ...venue.address },
  phone: venue.phone,
  partyLinePhone: venue.partyLinePhone,
  partyLineHours: venue.partyLineHours,
  email: venue.email,
  aboutVideoUrl: venue.aboutVideoUrl,
  social: venue.social.map((s) => ({ ...s })),
  directions: { ...venue.directions, steps: [...venue.directions.steps] },
  openingHours: {
    days: openingHours.days.map((d) => ({ ...d })),
    opens: openingHours.opens,
    closes: openingHours.closes,
    lastEntry: openingHours.lastEntry,
    arriveEarlyMinutes: openingHours.arriveEarlyMinutes,
  },
};

// The party form offers 5 to 24 children (and "25+", which staff handle by enquiry).
const childBounds = { minChildren: 5, maxChildren: 24 };

export const seedPartiesDocument: PartiesDocument = {
  packages: partyPackages.map((p) => ({ ...p, includes: [...p.includes], ...childBounds })),
  privateHire: { ...privateHire },
  // The party times are the online booking's slots (party-settings.ts; DECISIONS.md "Parties online").
  slots: defaultPartyBooking.slots.map((s) => s.label),
};

/**
 * The visit rules (issue 25): seeded on an empty database, and the defaults of every field a database from
 * before the document lacks (load-catalogue.ts), so such a database needs nothing written.
 */
export const seedVisitRulesDocument: VisitRulesDocument = {
  creditBundle: { ...creditBundle },
  parking: { ...parking },
  visitTerms: [...visitTerms],
  whatToBring: [...whatToBring],
};

export const seedSessions = sessionTimes.map((s) => ({ ...s, capacity: 60 }));

export const seedTicketTypes = ticketTypeSeeds.map((t) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  pricePence: t.pricePence,
  feePence: t.feePence,
  ageRange: t.ageRange,
  colour: t.colour,
  isChild: t.isChild,
  ageFrom: t.ageFrom,
  ageTo: t.ageTo,
  paidByCredit: t.paidByCredit,
  sellDays: t.weekdayMorningOnly ? ('weekdays' as const) : ('any' as const),
  sessionIds: t.weekdayMorningOnly ? ['morning'] : [],
  sort: t.sort,
}));

export { seedMenuItems };
