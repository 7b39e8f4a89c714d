/**
 * The rules that stay in code (DECISIONS.md "The venue owns its catalogue"): the venue's time zone, the
 * loyalty programme, the credit bundle, parking, the house rules. Every fact a venue edits (prices,
 * sessions, hours, menu, parties, contacts) is in the database catalogue: src/shared/catalogue.ts.
 */

/** The venue's day, not the server's or the visitor's (ARCHITECTURE.md): every date rule is in Europe/London. */
export const VENUE_TIME_ZONE = 'Europe/London';

export const creditBundle = {
  credits: 10,
  pricePence: 7500,
  /** The one ticket type a credit pays for: 1 credit = 1 child (1-12) session. */
  ticketTypeId: 'child-1-12',
} as const;

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
