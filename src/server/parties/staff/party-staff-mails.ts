import type { VenueView } from '../../../shared/catalogue';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import type { Mail } from '../../mail/enqueue-mail';

/** What a staff-sent party mail says about the party (names as the catalogue has them). */
export type MailParty = {
  id: string;
  reference: string;
  parentName: string;
  parentEmail: string;
  childFirstName: string;
  date: string;
  slotLabel: string;
  roomName: string;
  packageName: string;
  children: number;
};

type MailVenue = Pick<VenueView, 'name' | 'phone' | 'email' | 'fullAddress'>;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const signOff = (venue: MailVenue) =>
  ['', 'Any questions? Just reply to this e-mail or call us.', '', venue.name, venue.fullAddress, venue.phone].join(
    '\n',
  );

const partyLine = (p: MailParty) =>
  `${p.childFirstName}'s ${p.packageName} party for ${p.children} children, ${longDate(p.date)}, ${p.slotLabel}`;

/** A party staff took by phone: the link to pay the deposit (and later the balance) and see the party. */
export function partyPaymentLinkMail(
  p: MailParty,
  opts: { link: string; depositPence: number; totalPence: number; holdExpiresAt: Date | null; venue: MailVenue },
): Mail {
  const until = opts.holdExpiresAt
    ? `We are holding the room for you until ${opts.holdExpiresAt.toLocaleString('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: 'numeric',
        minute: '2-digit',
      })}.`
    : '';
  return {
    template: 'party-payment-link',
    to: p.parentEmail,
    subject: `Your party booking ${p.reference}: pay the deposit - ${opts.venue.name}`,
    text: [
      `Hello ${firstName(p.parentName)},`,
      '',
      'Thank you for your call. Here is the party we booked for you:',
      partyLine(p),
      `Room: ${p.roomName}`,
      `Total: ${formatPence(opts.totalPence)}. Deposit to pay now: ${formatPence(opts.depositPence)}.`,
      '',
      `${until} Pay the deposit to confirm it here:`,
      opts.link,
      '',
      'The same page lets you pay the balance, which is due 7 days before the party.',
      signOff(opts.venue),
    ].join('\n'),
    dedupeKey: `party-payment-link:${p.id}`,
    secrets: [opts.link],
  };
}

/** The family's party was moved by staff to another date, time or room. */
export function partyMovedMail(p: MailParty, opts: { venue: MailVenue; at: Date }): Mail {
  return {
    template: 'party-moved',
    to: p.parentEmail,
    subject: `Your party ${p.reference} has moved to ${longDate(p.date)} - ${opts.venue.name}`,
    text: [
      `Hello ${firstName(p.parentName)},`,
      '',
      'As agreed with us, your party is now:',
      partyLine(p),
      `Room: ${p.roomName}`,
      signOff(opts.venue),
    ].join('\n'),
    dedupeKey: `party-moved:${p.id}:${opts.at.getTime()}`,
  };
}

/** The family's party was cancelled by staff: what happens to the money. */
export function partyCancelledMail(
  p: MailParty,
  opts: { refundPence: number; keptPence: number; voucherBackPence?: number; venue: MailVenue },
): Mail {
  const voucherBack = opts.voucherBackPence ?? 0;
  const card =
    opts.refundPence > 0
      ? `We are refunding ${formatPence(opts.refundPence)} to the card you paid with; it usually shows within 5 to 10 working days.`
      : '';
  const voucher =
    voucherBack > 0
      ? `We have put ${formatPence(voucherBack)} back on the gift voucher you paid with, ready to use again.`
      : '';
  const money =
    card || voucher
      ? [voucher, card].filter(Boolean).join(' ')
      : opts.keptPence > 0
        ? ''
        : 'Nothing was paid, so there is nothing to refund.';
  const kept =
    opts.keptPence > 0
      ? `The deposit of ${formatPence(opts.keptPence)} is not refunded: our terms keep it when a party is cancelled 14 days or less before the day.`
      : '';
  return {
    template: 'party-cancelled',
    to: p.parentEmail,
    subject: `Your party ${p.reference} is cancelled - ${opts.venue.name}`,
    text: [
      `Hello ${firstName(p.parentName)},`,
      '',
      'Your party has been cancelled:',
      partyLine(p),
      '',
      ...[kept, money].filter(Boolean),
      signOff(opts.venue),
    ].join('\n'),
    dedupeKey: `party-cancelled:${p.id}`,
  };
}
