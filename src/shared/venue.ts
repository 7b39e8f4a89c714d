import type { Pence } from './money';

/** The venue's day, not the server's or the visitor's (ARCHITECTURE.md): every date rule is in Europe/London. */
export const VENUE_TIME_ZONE = 'Europe/London';

/**
 * The one source of truth for every fact the site shows (DECISIONS.md "One source of truth").
 * Ticket types and session times are seeded into the database from here, so the server prices
 * orders from the same rows the pages display. Pages import from here; none hard-codes a fact.
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
  publicUrl: 'http://localhost:5000',
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

export const fullAddress = `${venue.address.line1}, ${venue.address.town}, ${venue.address.county} ${venue.address.postcode}`;

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
export type SessionTimeId = (typeof sessionTimes)[number]['id'];

export const defaultSessionCapacity = 60;

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
    sort: 4,
  },
];

export const creditBundle = {
  credits: 10,
  pricePence: 7500,
  regularPricePence: 9500,
  savingsPence: 2000,
  perCreditPence: 750,
  childSessionPence: 950,
  /** The one ticket type a credit pays for: 1 credit = 1 child (1-12) session. */
  ticketTypeId: 'child-1-12',
} as const;

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

export const partySlots = ['9:30-11:30 AM', '12:00-2:00 PM', '2:00-4:00 PM', '4:00-6:00 PM'] as const;

export const loyaltyProgramme = {
  pointsPerPound: 1,
  welcomeBonus: 50,
  tiers: [
    { id: 'bronze', name: 'Bronze', threshold: 0, benefits: ['1 point per £1 spent', '50-point welcome bonus'] },
    { id: 'silver', name: 'Silver', threshold: 500, benefits: ['5% bonus points on weekend visits'] },
    { id: 'gold', name: 'Gold', threshold: 2000, benefits: ['10% bonus points on every visit'] },
    { id: 'platinum', name: 'Platinum', threshold: 5000, benefits: ['15% bonus points on every visit'] },
  ],
  rewards: [
    {
      id: 'free-hot-drink',
      icon: '☕',
      title: 'Free Hot Drink',
      description: 'Any hot drink from our cafe.',
      pointsCost: 50,
    },
    {
      id: 'ten-percent-off',
      icon: '🏷️',
      title: '10% Off Next Visit',
      description: 'Ten percent off your next booking.',
      pointsCost: 100,
    },
    {
      id: 'free-session',
      icon: '🎟️',
      title: 'Free 2-Hour Session',
      description: 'One child, one 2-hour play session.',
      pointsCost: 250,
    },
    {
      id: 'vip-party',
      icon: '🎉',
      title: 'VIP Party Discount',
      description: '20% off a party booking.',
      pointsCost: 300,
    },
  ],
  achievements: [
    { id: 'first-steps', icon: '👣', title: 'First Steps', description: 'Your first visit.', pointsReward: 50 },
    { id: 'regular-visitor', icon: '⭐', title: 'Regular Visitor', description: 'Five visits.', pointsReward: 100 },
    { id: 'party-host', icon: '🎂', title: 'Party Host', description: 'Your first party booking.', pointsReward: 150 },
  ],
} as const;

/** The car park (SPEC.md section 9 "Kiosk"): the first 2 hours are free, then £8 for each further 2 hours. */
export const parking = {
  freeHours: 2,
  chargePence: 800,
  chargePeriodHours: 2,
} as const;

/** An open-play visit lasts 2 hours from check-in (SPEC.md section 9). */
export const visitLengthHours = 2;

/** SPEC.md section 9 "Terms shown": the house rules a family agrees to when booking and at check-in. */
export const visitTerms = [
  'No outside food or drink may be brought into the centre.',
  'Children must be supervised by an adult (18+) at all times.',
  'Safety socks must be worn in the play areas (available to buy at reception).',
  'Play zones have age restrictions: please follow the signs and our staff.',
  'All play is at your own risk.',
  'Anyone behaving unsafely or unkindly may be asked to leave without a refund.',
] as const;

/** What a family brings to a visit: the day-before reminder e-mail lists it (DECISIONS.md "Running the day"). */
export const whatToBring = [
  'Grip socks (safety socks) for everyone going into the play areas, children and grown-ups: on sale at reception if you forget.',
  'Your ticket: the QR code in this e-mail, or your booking reference, for the check-in kiosk.',
  `Your car's number plate if you drive: the first ${parking.freeHours} hours of parking are free.`,
  'An adult (18+) to stay with the children at all times.',
  'No outside food or drink, please: our cafe has snacks, meals and hot drinks.',
] as const;
