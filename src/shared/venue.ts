/**
 * The rules that stay in code (DECISIONS.md "The venue owns its catalogue"; issue 25 lets the loyalty rules
 * stay): the venue's time zone, the loyalty programme and the length of a visit. Every fact a venue edits
 * (prices, sessions, hours, menu, parties, contacts, and since issue 25 the credit bundle, parking, the
 * house rules and what to bring: shared/visit-rules.ts) is in the database catalogue: src/shared/catalogue.ts.
 */

/** The venue's day, not the server's or the visitor's (ARCHITECTURE.md): every date rule is in Europe/London. */
export const VENUE_TIME_ZONE = 'Europe/London';

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

/** An open-play visit lasts 2 hours from check-in (SPEC.md section 9). */
export const visitLengthHours = 2;
