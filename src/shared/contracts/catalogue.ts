import { sellDaysOptions, type AdminCatalogue } from '../catalogue';
import { allergens, dietaryTags, menuSections, posterCategories } from '../menu';
import { isoDateSchema } from './booking';
import { uuidSchema } from './admin-inquiries';
import { waitingListSettingsSchema } from './waiting-list';
import { z } from './zod';

/**
 * The catalogue editors' API (DECISIONS.md "The venue owns its catalogue"): admins only. Every edit
 * sends back the `version` it was made from; a stale one answers 409 `stale_version` with the current
 * values in `error.current`.
 */

export const versionSchema = z.number({ message: 'Missing version' }).int().min(1);

/** Integer pence, £0 to £1,000 (a typo of a zero too many is refused, not charged). */
export const pricePenceSchema = z
  .number({ message: 'Please enter a price' })
  .int('Prices are whole pence')
  .min(0, 'A price cannot be below £0')
  .max(100_000, 'A price cannot be above £1,000');

const text = (max: number, label: string) =>
  z
    .string({ message: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 09:30');
const idParam = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a valid id');

export const catalogueIdParamsSchema = z.object({ id: idParam });
export const catalogueUuidParamsSchema = z.object({ id: uuidSchema });

/** POST /api/admin/catalogue/ticket-types/:id/prices: a new price for visits from `fromDate` on (today or later). */
export const ticketTypePriceSchema = z.object({
  /** The band of days it prices; absent: every band (one price whatever the day, as before bands). */
  bandId: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'Not a valid band')
    .optional(),
  fromDate: isoDateSchema,
  pricePence: pricePenceSchema,
  feePence: pricePenceSchema.optional().default(0),
  version: versionSchema,
});
export type TicketTypePriceInput = z.input<typeof ticketTypePriceSchema>;

/** PATCH /api/admin/catalogue/ticket-types/:id */
export const ticketTypeEditSchema = z
  .object({
    title: text(80, 'a title'),
    description: optionalText(300),
    ageRange: text(40, 'an age range'),
    sellDays: z.enum(sellDaysOptions, { message: 'Choose which days sell it' }),
    sessionIds: z.array(idParam).max(10),
    active: z.boolean(),
    /**
     * The ages a child on a family profile is suggested this ticket at (both, or neither: not by age); a child's
     * ticket only. Left out: unchanged.
     */
    ageFrom: z.number().int().min(0, 'From 0').max(99, 'Up to 99').nullable().optional(),
    ageTo: z.number().int().min(0, 'From 0').max(99, 'Up to 99').nullable().optional(),
    /** The ticket a session credit pays for (one type at most: choosing it here moves it). Left out: unchanged. */
    paidByCredit: z.boolean().optional(),
    version: versionSchema,
  })
  .superRefine((v, ctx) => {
    if (v.ageFrom === undefined && v.ageTo === undefined) return;
    if (((v.ageFrom ?? null) === null) !== ((v.ageTo ?? null) === null))
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: 'Give both ages, or neither' });
    else if (v.ageFrom != null && v.ageTo != null && v.ageTo < v.ageFrom)
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: 'The oldest age cannot be below the youngest' });
  });
export type TicketTypeEditInput = z.input<typeof ticketTypeEditSchema>;

/** PATCH /api/admin/catalogue/sessions/:id: times and default capacity (one date's capacity is the Booking Calendar's). */
export const sessionEditSchema = z
  .object({ start: hhmm, end: hhmm, capacity: z.number().int().min(0).max(500), version: versionSchema })
  .refine((s) => s.start < s.end, { message: 'The session must end after it starts', path: ['end'] });
export type SessionEditInput = z.input<typeof sessionEditSchema>;

/** POST /api/admin/catalogue/closures: a date or a range, the whole day or one session, with a reason families see. */
export const closureSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    sessionId: idParam.nullable().optional(),
    reason: text(120, 'a reason families will see'),
  })
  .refine((c) => c.from <= c.to, { message: 'The last day must be on or after the first', path: ['to'] })
  .refine((c) => Date.parse(c.to) - Date.parse(c.from) <= 366 * 86_400_000, {
    message: 'Close at most a year at once',
    path: ['to'],
  });
export type ClosureInput = z.input<typeof closureSchema>;

/** A paid booking in a closed date or session, for staff to cancel or contact. */
export type AffectedBooking = {
  id: string;
  reference: string;
  customerName: string;
  visitDate: string;
  sessionLabel: string;
  paidPence: number;
};
export type ClosureResponse = { closedDays: number; affectedBookings: AffectedBooking[] };

/** POST /api/admin/catalogue/closures/cancel-bookings: full refund and an apology to each; a second press refunds nothing. */
export const closureCancelSchema = z.object({
  bookingIds: z.array(uuidSchema).min(1, 'Choose the bookings to cancel').max(500),
  reason: text(120, 'a reason'),
});
export type ClosureCancelResponse = {
  cancelled: number;
  alreadyCancelled: number;
  refundedPence: number;
  /** Bookings that cannot be cancelled yet (a bank payment still clearing): staff cancel them once it has. */
  notCancelled: { id: string; reference: string; status: string }[];
};

const allergenIds = allergens.map((a) => a.id) as [string, ...string[]];

/** POST /api/admin/catalogue/menu-items (no version) and PATCH /api/admin/catalogue/menu-items/:id (with it). */
export const menuItemSchema = z.object({
  section: z.enum(menuSections.map((s) => s.id) as [string, ...string[]], { message: 'Choose a menu section' }),
  name: text(80, 'a name'),
  description: optionalText(300).default(''),
  pricePence: pricePenceSchema,
  allergens: z
    .array(z.enum(allergenIds, { message: 'Unknown allergen' }))
    .max(14)
    .refine((a) => new Set(a).size === a.length, 'Each allergen once'),
  dietary: z
    .array(z.enum(dietaryTags.map((d) => d.id) as [string, ...string[]], { message: 'Unknown dietary tag' }))
    .max(dietaryTags.length)
    .default([]),
  available: z.boolean().default(true),
  emoji: z.string().trim().max(8).optional(),
  posterCategory: z.enum(Object.keys(posterCategories) as [string, ...string[]]).optional(),
});
export const menuItemEditSchema = menuItemSchema.extend({ version: versionSchema });
export type MenuItemInput = z.input<typeof menuItemSchema>;
export const versionOnlySchema = z.object({ version: versionSchema });

/** The photo upload: multipart, file field `photo`, and `version`; JPEG, PNG or WebP up to 5 MB. */
export const MENU_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/catalogue/posts and PATCH .../posts/:id: plain text, line breaks and links kept, HTML shown as text. */
export const noticePostSchema = z
  .object({
    title: text(120, 'a title'),
    body: text(2000, 'the text'),
    publishFrom: isoDateSchema,
    expiresOn: isoDateSchema.nullable().default(null),
    pinned: z.boolean().default(false),
  })
  .refine((p) => p.expiresOn === null || p.expiresOn >= p.publishFrom, {
    message: 'The post must expire on or after the day it is published',
    path: ['expiresOn'],
  });
export const noticePostEditSchema = z.intersection(noticePostSchema, z.object({ version: versionSchema }));
export type NoticePostInput = z.input<typeof noticePostSchema>;

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, 'Please enter a phone number');
const url = z
  .string()
  .trim()
  .max(300)
  .regex(/^https:\/\/[^\s<>"]+$/, 'Use a full https:// address');

/** PATCH /api/admin/catalogue/venue: any of the venue document's fields, with the version. */
/**
 * A UK VAT number as HMRC issues it: GB and 9 digits (12 for a branch of a VAT group). Spaces are ignored and
 * letters upper-cased ("gb 123 4567 89" is GB123456789); empty or null is none (not VAT-registered).
 */
export const ukVatNumberSchema = z
  .string()
  .trim()
  .max(20, 'A UK VAT number is GB and 9 digits (or 12), e.g. GB123456789')
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^(GB(\d{9}|\d{12}))?$/, 'A UK VAT number is GB and 9 digits (or 12), e.g. GB123456789'))
  .nullable();

export const venueEditSchema = z
  .object({
    version: versionSchema,
    name: text(80, 'the venue name'),
    brandLine: optionalText(80),
    description: optionalText(400),
    address: z.object({
      line1: text(120, 'the first line'),
      town: text(60, 'the town'),
      county: optionalText(60),
      postcode: text(10, 'the postcode'),
    }),
    phone,
    partyLinePhone: phone,
    partyLineHours: text(60, 'the party line hours'),
    email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
    aboutVideoUrl: url.nullable(),
    vatNumber: ukVatNumberSchema,
    social: z.array(z.object({ name: text(30, 'a name'), href: url.nullable() })).max(8),
    directions: z.object({
      motorway: optionalText(300),
      steps: z.array(text(200, 'a step')).max(10),
      parking: optionalText(300),
      bus: optionalText(300),
      train: optionalText(300),
    }),
    openingHours: z.object({
      days: z
        .array(z.object({ days: text(40, 'the days'), hours: text(40, 'the hours') }))
        .min(1)
        .max(7),
      opens: hhmm,
      closes: hhmm,
      lastEntry: hhmm,
      arriveEarlyMinutes: z.number().int().min(0).max(120),
    }),
  })
  .partial()
  .required({ version: true });
export type VenueEditInput = z.input<typeof venueEditSchema>;

/** PATCH /api/admin/catalogue/parties: the packages (ids fixed), private hire and the party slots. */
export const partiesEditSchema = z.object({
  version: versionSchema,
  packages: z
    .array(
      z
        .object({
          id: idParam,
          name: text(40, 'a name'),
          perChildPence: pricePenceSchema,
          hours: text(30, 'the length'),
          freeAdults: z.number().int().min(0).max(20),
          includes: z.array(text(60, 'an item')).max(12),
          minChildren: z.number().int().min(1).max(100),
          maxChildren: z.number().int().min(1).max(100),
        })
        .refine((p) => p.minChildren <= p.maxChildren, {
          message: 'The minimum cannot be above the maximum',
          path: ['maxChildren'],
        }),
    )
    .min(1)
    .max(8),
  privateHire: z.object({
    pricePence: pricePenceSchema,
    maxChildren: z.number().int().min(1).max(200),
    maxAdults: z.number().int().min(1).max(200),
    foodPerPersonPence: pricePenceSchema,
    summary: optionalText(300),
  }),
  slots: z.array(text(40, 'a slot')).min(1).max(8),
});
export type PartiesEditInput = z.input<typeof partiesEditSchema>;

const whole = (what: string, min: number, max: number) =>
  z
    .number({ message: `Please enter ${what}` })
    .int('Use a whole number')
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`);

/**
 * PATCH /api/admin/catalogue/visit-rules (issue 25): any of the visit rules document's parts, with its
 * version; 0 while a database from before it has never stored one (every field then its default).
 */
export const visitRulesEditSchema = z
  .object({
    version: z.number({ message: 'Missing version' }).int().min(0),
    creditBundle: z.object({
      credits: whole('how many credits', 1, 50),
      // Never free: a bundle is a payment, and £0 would hand out credits.
      pricePence: pricePenceSchema.min(100, 'A bundle costs at least £1'),
    }),
    parking: z.object({
      freeHours: whole('the free hours', 0, 24),
      chargePence: pricePenceSchema,
      chargePeriodHours: whole('the hours each charge covers', 1, 24),
    }),
    visitTerms: z
      .array(text(300, 'a rule'))
      .min(1, 'Families must be shown at least one house rule')
      .max(20, 'At most 20 rules'),
    whatToBring: z.array(text(300, 'a line')).max(20, 'At most 20 lines'),
  })
  .partial()
  .required({ version: true });
export type VisitRulesEditInput = z.input<typeof visitRulesEditSchema>;

/** Each id once in a list of rows: a row's id is what parties and other fields name it by. */
const uniqueIds = <T extends { id: string }>(rows: T[]) => new Set(rows.map((r) => r.id)).size === rows.length;
const partyIdList = (what: string, max: number) =>
  z
    .array(idParam)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `Each ${what} once`);

/**
 * What a family pays to hold a party. Never £0 or a few pence: every online hold takes the deposit by card,
 * a hold with nothing to pay is released unbooked, and the card processor's smallest GBP payment is 30p.
 */
export const partyDepositSchema = z
  .number({ message: 'Please enter the deposit' })
  .int('The deposit is in whole pence')
  .min(100, 'The deposit must be at least £1')
  .max(100_000, 'The deposit cannot be above £1,000');

/**
 * PATCH /api/admin/catalogue/party-booking (issue 28): any of what selling parties online needs, with the
 * version (0 while a database has never stored the document). Ids are made by the editor for a new row and
 * kept for a renamed one; what names packages and slots, and Private Hire's fewest children against the
 * parties document's most, the server checks against the catalogue (admin-party-booking.ts).
 */
export const partyBookingEditSchema = z
  .object({
    version: z.number({ message: 'Missing version' }).int().min(0),
    depositPence: partyDepositSchema,
    holdMinutes: whole('the minutes a room is held', 5, 120),
    privateHireMinChildren: whole('the fewest children', 1, 200),
    rooms: z
      .array(z.object({ id: idParam, name: text(40, 'the room’s name') }))
      .min(1, 'Keep at least one party room')
      .max(20, 'At most 20 rooms')
      .refine(uniqueIds, 'Each room once'),
    slots: z
      .array(
        z
          .object({ id: idParam, label: optionalText(60), start: hhmm, end: hhmm })
          .refine((s) => s.start < s.end, { message: 'The slot must end after it starts', path: ['end'] }),
      )
      .min(1, 'Keep at least one party slot')
      .max(12, 'At most 12 slots')
      .refine(uniqueIds, 'Each slot once')
      .refine((slots) => new Set(slots.map((s) => `${s.start}-${s.end}`)).size === slots.length, {
        message: 'Two slots have the same times',
      }),
    packageSlots: z.record(idParam, partyIdList('slot', 12)),
    foodOptions: z
      .array(
        z.object({
          id: idParam,
          name: text(60, 'the food option’s name'),
          allergens: z
            .array(z.enum(allergenIds, { message: 'Unknown allergen' }))
            .max(14)
            .refine((a) => new Set(a).size === a.length, 'Each allergen once'),
        }),
      )
      .max(20, 'At most 20 food options')
      .refine(uniqueIds, 'Each food option once'),
    foodPackages: partyIdList('package', 10),
    /** Issue 38: how many months ahead parties are sold (visits: one). */
    horizonMonths: whole('the months ahead', 1, 24),
    /** Per package id: how long its party runs, in minutes (from 30 minutes to 12 hours). */
    packageMinutes: z.record(idParam, whole('the minutes the party runs', 30, 720)),
    /** The minutes a room needs to clear between parties. */
    clearMinutes: whole('the minutes a room needs to clear', 0, 120),
    /** Scheduled price changes (per child for a package, Private Hire's flat price), each package and date once. */
    priceChanges: z
      .array(z.object({ packageId: idParam, fromDate: isoDateSchema, pricePence: pricePenceSchema }))
      .max(50, 'At most 50 price changes')
      .refine((rows) => new Set(rows.map((r) => `${r.packageId} ${r.fromDate}`)).size === rows.length, {
        message: 'Each package has one price change a date',
      }),
  })
  .partial()
  .required({ version: true });
export type PartyBookingEditInput = z.input<typeof partyBookingEditSchema>;

export type AdminCatalogueResponse = AdminCatalogue;

// GET /api/catalogue: the public view (shared/catalogue.ts's PublicCatalogue, a zod-free type pages read on
// first paint). The route's handler is typed with this schema's z.infer, so typecheck proves it matches.
const venueViewSchema = z.object({
  name: z.string(),
  brandLine: z.string(),
  description: z.string(),
  address: z.object({ line1: z.string(), town: z.string(), county: z.string(), postcode: z.string() }),
  phone: z.string(),
  partyLinePhone: z.string(),
  partyLineHours: z.string(),
  email: z.string(),
  aboutVideoUrl: z.string().nullable(),
  social: z.array(z.object({ name: z.string(), href: z.string().nullable() })),
  directions: z.object({
    motorway: z.string(),
    steps: z.array(z.string()),
    parking: z.string(),
    bus: z.string(),
    train: z.string(),
  }),
  phoneHref: z.string(),
  fullAddress: z.string(),
  vatNumber: z.string().nullable(),
});
const openingHoursViewSchema = z.object({
  days: z.array(z.object({ days: z.string(), hours: z.string() })),
  opens: z.string(),
  closes: z.string(),
  lastEntry: z.string(),
  arriveEarlyMinutes: z.number().int(),
  lastEntryLabel: z.string(),
  lastEntryNote: z.string(),
});
const sessionViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  start: z.string(),
  end: z.string(),
  sort: z.number(),
  capacity: z.number().int(),
});
const ticketTypeViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pricePence: z.number().int(),
  feePence: z.number().int(),
  ageRange: z.string(),
  colour: z.string(),
  isChild: z.boolean(),
  ageFrom: z.number().int().nullable(),
  ageTo: z.number().int().nullable(),
  paidByCredit: z.boolean(),
  sellDays: z.enum(sellDaysOptions),
  sessionIds: z.array(z.string()),
  weekdayMorningOnly: z.boolean(),
  active: z.boolean(),
  sort: z.number(),
  bandPrices: z.record(z.string(), z.number().int()),
});
const dayBandSchema = z.object({ id: z.string(), name: z.string() });
const catalogueMenuItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  name: z.string(),
  pricePence: z.number().int(),
  description: z.string(),
  allergens: z.array(z.string()).readonly(),
  emoji: z.string(),
  popular: z.boolean().optional(),
  posterCategory: z.string(),
  image: z.object({ src: z.string(), alt: z.string() }).optional(),
  sophisticatedDescription: z.string().optional(),
  dietary: z.array(z.string()),
  available: z.boolean(),
  photo: z.object({ small: z.string(), large: z.string() }).nullable(),
});
const noticePostViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  publishFrom: z.string(),
  expiresOn: z.string().nullable(),
  pinned: z.boolean(),
});
const partiesViewSchema = z.object({
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      perChildPence: z.number().int(),
      hours: z.string(),
      freeAdults: z.number().int(),
      includes: z.array(z.string()),
      minChildren: z.number().int(),
      maxChildren: z.number().int(),
    }),
  ),
  privateHire: z.object({
    pricePence: z.number().int(),
    maxChildren: z.number().int(),
    maxAdults: z.number().int(),
    foodPerPersonPence: z.number().int(),
    summary: z.string(),
  }),
  slots: z.array(z.string()),
});
const visitRulesViewSchema = z.object({
  creditBundle: z.object({ credits: z.number().int(), pricePence: z.number().int() }),
  parking: z.object({
    freeHours: z.number().int(),
    chargePence: z.number().int(),
    chargePeriodHours: z.number().int(),
  }),
  visitTerms: z.array(z.string()),
  whatToBring: z.array(z.string()),
});
export const publicCatalogueResponseSchema = z.object({
  version: z.number().int(),
  day: z.string(),
  venue: venueViewSchema,
  openingHours: openingHoursViewSchema,
  sessions: z.array(sessionViewSchema),
  ticketTypes: z.array(ticketTypeViewSchema),
  band: dayBandSchema,
  bands: z.array(dayBandSchema),
  menuItems: z.array(catalogueMenuItemSchema),
  posts: z.array(noticePostViewSchema),
  parties: partiesViewSchema,
  visitRules: visitRulesViewSchema,
});
export type PublicCatalogueResponse = z.infer<typeof publicCatalogueResponseSchema>;

// The staff editors' answers (appended by the staff OpenAPI work). GET /api/admin/catalogue and every edit
// answer AdminCatalogue (shared/catalogue.ts, zod-free); the public view's pieces plus ids and versions.
const publicShape = publicCatalogueResponseSchema.shape;
const versioned = { version: z.number().int() };
const { phoneHref: _href, fullAddress: _address, ...venueDocumentShape } = publicShape.venue.shape;
const { lastEntryLabel: _label, lastEntryNote: _note, ...openingHoursShape } = publicShape.openingHours.shape;
export const adminCatalogueResponseSchema = z.object({
  version: z.number().int(),
  venue: z.object({
    value: z.object({
      ...venueDocumentShape,
      vatNumber: z.string().nullable().optional(),
      openingHours: z.object(openingHoursShape),
    }),
    ...versioned,
  }),
  parties: z.object({ value: publicShape.parties, ...versioned }),
  /** Version 0: not stored yet, every field its default. */
  visitRules: z.object({ value: publicShape.visitRules, ...versioned }),
  /** Version 0: not stored yet, offers held for 2 hours. */
  waitingList: z.object({ value: waitingListSettingsSchema, ...versioned }),
  /** Version 0: not stored yet, every field its default. */
  partyBooking: z.object({
    value: z.object({
      rooms: z.array(z.object({ id: z.string(), name: z.string() })),
      slots: z.array(z.object({ id: z.string(), label: z.string(), start: z.string(), end: z.string() })),
      packageSlots: z.record(z.string(), z.array(z.string())),
      privateHireMinChildren: z.number().int(),
      depositPence: z.number().int(),
      holdMinutes: z.number().int(),
      priceChanges: z.array(z.object({ packageId: z.string(), fromDate: z.string(), pricePence: z.number().int() })),
      foodOptions: z.array(z.object({ id: z.string(), name: z.string(), allergens: z.array(z.string()) })),
      foodPackages: z.array(z.string()),
      horizonMonths: z.number().int(),
      packageMinutes: z.record(z.string(), z.number().int()),
      clearMinutes: z.number().int(),
    }),
    ...versioned,
  }),
  /** Version 0: not stored yet, the product's off-peak and peak. */
  dayTypes: z.object({
    value: z.object({
      bands: z.array(dayBandSchema),
      rules: z.object({
        weekdays: z.string(),
        weekends: z.string(),
        bankHolidays: z.string(),
        schoolHolidays: z.string(),
      }),
      overrides: z.array(z.object({ date: z.string(), bandId: z.string() })),
    }),
    ...versioned,
  }),
  /** Version 0: not stored yet, no school holidays and the shipped bank holidays. */
  holidays: z.object({
    value: z.object({
      schoolHolidays: z.array(z.object({ from: z.string(), to: z.string(), name: z.string() })),
      bankHolidays: z.array(z.object({ date: z.string(), title: z.string() })),
    }),
    ...versioned,
  }),
  /** Version 0: not stored yet, the two plans the product starts with. */
  membershipPlans: z.object({
    value: z.object({
      plans: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.string(),
          pricePence: z.number().int(),
          period: z.enum(['monthly', 'annual']),
          ticketTypeIds: z.array(z.string()),
          children: z.number().int(),
          bandIds: z.array(z.string()),
          visitsPerDay: z.number().int(),
          adultsFree: z.boolean(),
          active: z.boolean(),
        }),
      ),
    }),
    ...versioned,
  }),
  ticketTypes: z.array(
    publicShape.ticketTypes.element.omit({ pricePence: true, feePence: true, bandPrices: true }).extend({
      ...versioned,
      prices: z.array(
        z.object({
          bandId: z.string(),
          fromDate: z.string(),
          pricePence: z.number().int(),
          feePence: z.number().int(),
        }),
      ),
    }),
  ),
  sessions: z.array(publicShape.sessions.element.extend(versioned)),
  menuItems: z.array(publicShape.menuItems.element.extend({ ...versioned, sort: z.number() })),
  posts: z.array(publicShape.posts.element.extend(versioned)),
});
export type AdminCatalogueEditorResponse = z.infer<typeof adminCatalogueResponseSchema>;

/** POST /api/admin/catalogue/menu-items and /posts (201): the new id and the catalogue after it. */
export const catalogueCreatedResponseSchema = z.object({ id: z.string(), catalogue: adminCatalogueResponseSchema });
export type CatalogueCreatedResponse = z.infer<typeof catalogueCreatedResponseSchema>;

/** POST /api/admin/catalogue/closures (201). */
export const closureResponseSchema = z.object({
  closedDays: z.number().int(),
  affectedBookings: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      customerName: z.string(),
      visitDate: z.string(),
      sessionLabel: z.string(),
      paidPence: z.number().int(),
    }),
  ),
});
export type ClosureResult = z.infer<typeof closureResponseSchema>;

/** POST /api/admin/catalogue/closures/cancel-bookings */
export const closureCancelResponseSchema = z.object({
  cancelled: z.number().int(),
  alreadyCancelled: z.number().int(),
  refundedPence: z.number().int(),
  notCancelled: z.array(z.object({ id: z.string(), reference: z.string(), status: z.string() })),
});
export type ClosureCancelResult = z.infer<typeof closureCancelResponseSchema>;

/** DELETE /api/admin/catalogue/menu-items/:id and /posts/:id: the version as `?version=` when there is no body. */
export const catalogueVersionQuerySchema = z.object({ version: z.string().max(12).optional() });
