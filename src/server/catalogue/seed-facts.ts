import type { Pence } from '../../shared/money';

/**
 * The catalogue the first start seeds (DECISIONS.md "One source of truth" gives these values), as they
 * stood in code before the venue could edit them. Read only by seed-data.ts: after the first start the
 * database is the catalogue.
 */
export const venue = {
  name: 'Play Time Barn',
  brandLine: 'Soft Play & Cafe',
  description:
    "Somerset's friendliest indoor soft play barn: adventure play, a toddler haven, party rooms and a cafe for grown-ups.",
  address: { line1: 'Unit 3, East Quay', town: 'Bridgwater', county: 'Somerset', postcode: 'TA6 4GP' },
  phone: '01632 960 123',
  phoneHref: 'tel:+441632960123',
  partyLinePhone: '01632 960 124',
  partyLineHours: '9:00am - 6:00pm',
  email: 'hello@playtimebarn.co.uk',
  aboutVideoUrl: null as string | null,
  social: [
    // Placeholder targets until the venue's pages exist: rendered as text, never as dead links.
    // Facebook opens facebook.com itself (a live page where visitors can search for us) so the
    // notice board's Follow/View buttons work; replace it with the venue's own page address.
    { name: 'Facebook', href: 'https://www.facebook.com/' as string | null },
    { name: 'Instagram', href: null as string | null },
    { name: 'TikTok', href: null as string | null },
  ],
  directions: {
    motorway: 'From the M5 at junction 24, follow the main road towards the town centre.',
    steps: [
      'Continue on the quay road for 0.8 miles.',
      'Turn right onto East Quay.',
      'The estate is on the left: Unit 3 is signposted.',
    ],
    parking: 'Free parking with ample spaces right outside.',
    bus: 'Regular buses run from the bus station to East Quay, a 5-minute walk from the nearest stop.',
    train: 'The train station is 1.2 miles away; taxis are available, about 5 minutes by car.',
  },
} as const;

export const openingHours = {
  days: [
    { days: 'Monday - Friday', hours: '9:30am - 4:00pm' },
    { days: 'Saturday', hours: '9:30am - 4:00pm' },
    { days: 'Sunday', hours: '9:30am - 4:00pm' },
  ],
  opens: '09:30',
  closes: '16:00',
  lastEntry: '15:00',
  lastEntryLabel: '3:00pm',
  lastEntryNote: 'Last entry 3:00pm every day, one hour before closing.',
  arriveEarlyMinutes: 15,
} as const;

/** Open-play sessions (DECISIONS.md): three 2-hour sessions a day. */
export const sessionTimes = [
  { id: 'morning', label: '9:30 AM - 11:30 AM', start: '09:30', end: '11:30', sort: 1 },
  { id: 'midday', label: '12:00 PM - 2:00 PM', start: '12:00', end: '14:00', sort: 2 },
  { id: 'afternoon', label: '2:00 PM - 4:00 PM', start: '14:00', end: '16:00', sort: 3 },
] as const;
export type TicketTypeSeed = {
  id: string;
  title: string;
  description: string;
  pricePence: Pence;
  feePence: Pence;
  ageRange: string;
  colour: string;
  /** Counts against a session's capacity in children. */
  isChild: boolean;
  /** Baby & toddler mornings: weekday 9:30-11:30 session only. */
  weekdayMorningOnly: boolean;
  /** The ages a child on a profile is suggested it at (null: not by age); ticket_types.age_from / age_to. */
  ageFrom: number | null;
  ageTo: number | null;
  /** The ticket a session credit pays for (SPEC.md section 9: 1 credit = 1 child 1-12 session). */
  paidByCredit: boolean;
  sort: number;
};

export const ticketTypeSeeds: TicketTypeSeed[] = [
  {
    id: 'child-0-1',
    title: 'Children 0-1 years',
    description: 'Babies under one, with their own sensory area.',
    pricePence: 400,
    feePence: 0,
    ageRange: '0-1 years',
    colour: 'pink',
    isChild: true,
    weekdayMorningOnly: false,
    ageFrom: 0,
    ageTo: 0,
    paidByCredit: false,
    sort: 1,
  },
  {
    id: 'child-1-12',
    title: 'Children 1-12 years',
    description: 'Full access to every play zone for their age.',
    pricePence: 950,
    feePence: 0,
    ageRange: '1-12 years',
    colour: 'sky',
    isChild: true,
    weekdayMorningOnly: false,
    ageFrom: 1,
    ageTo: 12,
    paidByCredit: true,
    sort: 2,
  },
  {
    id: 'adult',
    title: 'Adults',
    description: 'Supervising adult (18+).',
    pricePence: 200,
    feePence: 0,
    ageRange: '18+',
    colour: 'amber',
    isChild: false,
    weekdayMorningOnly: false,
    ageFrom: null,
    ageTo: null,
    paidByCredit: false,
    sort: 3,
  },
  {
    id: 'baby-toddler',
    title: 'Baby & Toddler Morning',
    description: 'Weekday 9:30-11:30 session for under 5s; adults free.',
    pricePence: 800,
    feePence: 0,
    ageRange: '0-4 years',
    colour: 'lime',
    isChild: true,
    weekdayMorningOnly: true,
    ageFrom: null,
    ageTo: null,
    paidByCredit: false,
    sort: 4,
  },
];

export const partyPackages = [
  {
    id: 'bronze',
    name: 'Bronze',
    perChildPence: 1300,
    hours: '2 hours',
    freeAdults: 1,
    includes: ['Party room', 'Decorations', 'Unlimited kids drinks'],
  },
  {
    id: 'silver',
    name: 'Silver',
    perChildPence: 1600,
    hours: '2.5 hours',
    freeAdults: 1,
    includes: ['Party room', 'Decorations', 'Unlimited kids drinks', 'Party food'],
  },
  {
    id: 'gold',
    name: 'Gold',
    perChildPence: 1900,
    hours: '3 hours',
    freeAdults: 1,
    includes: ['Party room', 'Decorations', 'Unlimited kids drinks', 'Party food', 'Party bags and extras'],
  },
] as const;

export const privateHire = {
  pricePence: 19900,
  maxChildren: 60,
  maxAdults: 60,
  foodPerPersonPence: 500,
  summary: 'Exclusive use of the whole barn for up to 60 children and 60 adults.',
} as const;

/** The credit bundle, the car park, the house rules and what to bring, as they stood in src/shared/venue.ts. */
export const creditBundle = { credits: 10, pricePence: 7500 } as const;

/** SPEC.md section 9 "Kiosk": the first 2 hours are free, then £8 for each further 2 hours. */
export const parking = { freeHours: 2, chargePence: 800, chargePeriodHours: 2 } as const;

export const visitTerms = [
  'No outside food or drink may be brought into the centre.',
  'Children must be supervised by an adult (18+) at all times.',
  'Safety socks must be worn in the play areas (available to buy at reception).',
  'Play zones have age restrictions: please follow the signs and our staff.',
  'All play is at your own risk.',
  'Anyone behaving unsafely or unkindly may be asked to leave without a refund.',
] as const;

/** The reminder e-mail's list; its parking line is written from `parking` (shared/visit-rules.ts). */
export const whatToBring = [
  'Grip socks (safety socks) for everyone going into the play areas, children and grown-ups: on sale at reception if you forget.',
  'Your ticket: the QR code in this e-mail, or your booking reference, for the check-in kiosk.',
  'An adult (18+) to stay with the children at all times.',
  'No outside food or drink, please: our cafe has snacks, meals and hot drinks.',
] as const;
