import { asc } from 'drizzle-orm';
import type {
  AdminCatalogue,
  PartiesDocument,
  PartyBookingDocument,
  SellDays,
  VenueDocument,
} from '../../shared/catalogue';
import type { AllergenId, MenuItem, MenuSectionId, PosterCategory } from '../../shared/menu';
import type { Db } from '../db/client';
import {
  catalogueDocuments,
  catalogueState,
  menuItems,
  noticePosts,
  sessionTimes,
  ticketTypePrices,
  ticketTypes,
} from '../db/schema';
import { DAY_TYPES_KEY, HOLIDAYS_KEY, withDayTypeDefaults, withHolidayDefaults } from './day-types-settings';
import { childTicketTypeIdsOf, MEMBERSHIP_PLANS_KEY, withMembershipPlanDefaults } from './membership-plans-settings';
import { withPartyDefaults } from './party-settings';
import { WAITING_LIST_KEY, waitingListOf } from './waiting-list-settings';
import { menuPhotoUrls } from './menu-photo-urls';
import { visitRulesOf } from './visit-rules-defaults';

/** The catalogue's version: bumped by every edit (catalogue_state, seeded once). */
export async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogueState.version }).from(catalogueState);
  return row?.version ?? 0;
}

/** Every row of the catalogue, as admins see it and as every page's view is derived from. */
export async function loadCatalogue(db: Db): Promise<AdminCatalogue> {
  // The version first: rows read after it are at least as new, so a copy is never labelled newer than it is.
  const version = await catalogueVersion(db);
  const [docs, types, prices, sessions, items, posts] = await Promise.all([
    db.select().from(catalogueDocuments),
    db.select().from(ticketTypes).orderBy(asc(ticketTypes.sort), asc(ticketTypes.id)),
    db.select().from(ticketTypePrices).orderBy(asc(ticketTypePrices.bandId), asc(ticketTypePrices.fromDate)),
    db.select().from(sessionTimes).orderBy(asc(sessionTimes.sort)),
    db.select().from(menuItems).orderBy(asc(menuItems.sort), asc(menuItems.id)),
    db.select().from(noticePosts).orderBy(asc(noticePosts.publishFrom), asc(noticePosts.createdAt)),
  ]);
  const doc = <T>(key: string) => {
    const row = docs.find((d) => d.key === key);
    if (!row) throw new Error(`The catalogue has no ${key} document: was the database seeded?`);
    return { value: row.value as T, version: row.version };
  };
  return {
    version,
    venue: doc<VenueDocument>('venue'),
    parties: doc<PartiesDocument>('parties'),
    partyBooking: partyBookingOf(docs.find((d) => d.key === 'party_booking')),
    visitRules: visitRulesOf(docs.find((d) => d.key === 'visit_rules')),
    waitingList: waitingListOf(docs.find((d) => d.key === WAITING_LIST_KEY)),
    dayTypes: defaulted(
      docs.find((d) => d.key === DAY_TYPES_KEY),
      withDayTypeDefaults,
    ),
    holidays: defaulted(
      docs.find((d) => d.key === HOLIDAYS_KEY),
      withHolidayDefaults,
    ),
    membershipPlans: defaulted(
      docs.find((d) => d.key === MEMBERSHIP_PLANS_KEY),
      (stored) => withMembershipPlanDefaults(stored, childTicketTypeIdsOf(types)),
    ),
    ticketTypes: types.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      ageRange: t.ageRange,
      colour: t.colour,
      isChild: t.isChild,
      ageFrom: t.ageFrom,
      ageTo: t.ageTo,
      paidByCredit: t.paidByCredit,
      sellDays: t.sellDays as SellDays,
      sessionIds: t.sessionIds,
      weekdayMorningOnly: t.sellDays === 'weekdays' && t.sessionIds.length === 1 && t.sessionIds[0] === sessions[0]?.id,
      active: t.active,
      sort: t.sort,
      version: t.version,
      prices: prices
        .filter((p) => p.ticketTypeId === t.id)
        .map((p) => ({ bandId: p.bandId, fromDate: p.fromDate, pricePence: p.pricePence, feePence: p.feePence })),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      label: s.label,
      start: s.startTime,
      end: s.endTime,
      sort: s.sort,
      capacity: s.capacity,
      version: s.version,
    })),
    menuItems: items.map((m) => ({
      id: m.id,
      section: m.section as MenuSectionId,
      name: m.name,
      pricePence: m.pricePence,
      description: m.description,
      allergens: m.allergens as AllergenId[],
      emoji: m.emoji,
      popular: m.popular,
      posterCategory: m.posterCategory as PosterCategory,
      ...(m.image ? { image: m.image as NonNullable<MenuItem['image']> } : {}),
      ...(m.sophisticatedDescription ? { sophisticatedDescription: m.sophisticatedDescription } : {}),
      dietary: m.dietary,
      available: m.available,
      photo: m.photo ? menuPhotoUrls(m.photo) : null,
      sort: m.sort,
      version: m.version,
    })),
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      body: p.body,
      publishFrom: p.publishFrom,
      expiresOn: p.expiresOn,
      pinned: p.pinned,
      version: p.version,
    })),
  };
}

/** A document not stored until first edited: its defaults at version 0. */
function defaulted<T>(row: { value: unknown; version: number } | undefined, withDefaults: (stored: unknown) => T) {
  return { value: withDefaults(row?.value), version: row?.version ?? 0 };
}

/** Selling parties online (issue 28): not stored until first edited, and any field it lacks is defaulted. */
function partyBookingOf(row: { value: unknown; version: number } | undefined): AdminCatalogue['partyBooking'] {
  return { value: withPartyDefaults(row?.value as Partial<PartyBookingDocument>), version: row?.version ?? 0 };
}
