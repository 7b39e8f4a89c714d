import type { RetentionPeriods } from '../../../shared/retention';

/** "6 years", "24 months", "30 days": how a period reads in a sentence (up to 2 years in months, as DECISIONS.md says). */
export function months(n: number): string {
  return n > 24 && n % 12 === 0 ? `${n / 12} years` : `${n} ${n === 1 ? 'month' : 'months'}`;
}
export const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * Guest invitations and their replies go this many days after the party: the day their links stop working
 * (INVITATION_LINK_DAYS in src/server/parties/guests/invitations.ts, which the web may not import; the
 * privacy e2e test checks the two agree). A fixed rule, not a RETAIN_* setting, so it is stated from the start.
 */
export const INVITATION_DAYS_AFTER_PARTY = 7;

/** A family profile with no visit for this long is deleted (PROFILE_IDLE_MONTHS in server/privacy/retention.ts). */
export const PROFILE_IDLE_YEARS = 3;

/**
 * howLong is null until the periods are known; the words around the period (`before` and `after` it) are
 * known from the start, so the page shows them with only the period still loading and nothing moves.
 */
export type KeptRow = { what: string; why: string; howLong: string | null; before: string; after: string };

/** A configured period within its sentence: `before` + period(p) + `after`. */
type PeriodText = { before?: string; period: (p: RetentionPeriods) => string; after: string };
type RowText = { what: string; why: string; howLong: string | PeriodText };

const rows: RowText[] = [
  {
    what: 'Bookings: your name, e-mail address, phone number, tickets, visit date and any notes you add',
    why: 'To take your booking, send your ticket and let you in; the amounts are part of our accounts',
    howLong: {
      period: (p) => months(p.bookingsMonths),
      after: ', for the accounts; then your name and contact details are removed and only the amounts and dates stay',
    },
  },
  {
    what: 'Payments: amount, date and whether it succeeded or was refunded',
    why: 'Our accounts. Card details go straight to our payment provider (Stripe) and never reach us',
    howLong: { period: (p) => months(p.bookingsMonths), after: ', as bookings' },
  },
  {
    what: 'Party bookings: your name, e-mail address, phone number, your child’s first name and age, the package, food choices and any dietary needs or allergies you tell us',
    why: 'To hold the room, plan and host the party and take the deposit and balance; the amounts are part of our accounts',
    howLong: {
      period: (p) => months(p.bookingsMonths),
      after:
        ', as bookings; then names, contact details and notes are removed, and what stays (the package, the birthday child’s age, numbers, amounts and dates) names no one',
    },
  },
  {
    what: 'Party invitations: the e-mail addresses you invite, and each guest’s reply (coming or not, their child’s first name and any allergies)',
    why: 'So guests can reply, the party’s family knows how many are coming, and our party team can plan food safely',
    howLong: `${days(INVITATION_DAYS_AFTER_PARTY)} after the party, when the invitation links stop working; then deleted`,
  },
  {
    what: 'Your family profile, if you keep one: the adults’ names and phone, each child’s first name, date of birth and any notes (allergies, additional needs), whether you want birthday party reminders, and your acceptances of our rules of play',
    why: 'To fill in your bookings for you, suggest the right tickets, and let our staff keep your children safe; children’s details are shown only to you and to our staff on your bookings',
    howLong: `${PROFILE_IDLE_YEARS} years after your last visit; then deleted`,
  },
  {
    what: 'Memberships: your e-mail address, the plan, your member number, the children it covers, and its payments and renewal dates',
    why: 'To let the children it covers in, take each payment, tell you before it renews and let you cancel; the amounts are part of our accounts',
    howLong: {
      period: (p) => months(p.bookingsMonths),
      after:
        ' after it ends, for the accounts; then your e-mail address is removed and only the plan, amounts and dates stay',
    },
  },
  {
    what: 'Gift vouchers: the buyer’s name and e-mail address, the recipient’s name and e-mail address, and the message',
    why: 'To send the voucher on the chosen day and let it be spent; the amounts are part of our accounts',
    howLong: {
      period: (p) => months(p.bookingsMonths),
      after:
        ' after the voucher expires, for the accounts; then names, e-mail addresses and the message are removed and only the amounts and dates stay',
    },
  },
  {
    what: 'Waiting lists: your e-mail address, the date and session, and how many places you want',
    why: 'To offer you a place if one comes free',
    howLong: 'Until the day of the session has passed; then deleted',
  },
  {
    what: 'Bookings, party bookings, gift vouchers and credit purchases that were never paid',
    why: 'To finish the payment if you come back to it',
    howLong: { period: (p) => days(p.holdsDays), after: '; then names, contact details and notes are removed' },
  },
  {
    what: 'Session credits and Play Time Rewards points',
    why: 'So you can use what you bought and earned',
    howLong: 'While you use them; each purchase and booking is kept as above',
  },
  {
    what: 'Contact and party enquiries: your name, e-mail, phone, message and party details (such as a child’s name, age or dietary needs)',
    why: 'To answer you and plan the party',
    howLong: { period: (p) => months(p.enquiriesMonths), after: ' after we were last in touch about it; then deleted' },
  },
  {
    what: 'Check-in: when you arrived and left, party size, and a number plate if you park with us',
    why: 'Safety (who is in the building) and our car park',
    howLong: {
      before: 'Number plates ',
      period: (p) => days(p.platesDays),
      after: ' after your visit; the visit itself as bookings',
    },
  },
  {
    what: 'E-mails we send you (tickets, codes, replies)',
    why: 'To resend a ticket and answer questions about what we sent',
    howLong: {
      before: 'The text ',
      period: (p) => days(p.mailBodiesDays),
      after: ' after sending; then only the address, subject and date stay',
    },
  },
];

/**
 * Each kind of data, why it is kept and for how long: the periods the server's retention job applies (its
 * RETAIN_* settings, from GET /api/privacy/retention). Without them yet (null), a period is null rather than
 * a default that may not be the one in force.
 */
export function keptRows(periods: RetentionPeriods | null): KeptRow[] {
  return rows.map(({ what, why, howLong }) => {
    if (typeof howLong === 'string') return { what, why, howLong, before: '', after: '' };
    const { before = '', period, after } = howLong;
    return { what, why, howLong: periods ? `${before}${period(periods)}${after}` : null, before, after };
  });
}
