import QRCode from 'qrcode';
import type { VenueView } from '../../shared/catalogue';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import type { Mail } from '../mail/enqueue-mail';
import { firstDayAfterPeriod, lastDayPaid } from '../../shared/memberships';
import { CHILD_COVERED, londonDate, memberNumberText, type MembershipRow } from './membership-rows';

/**
 * The mails a membership sends, each in the transaction that causes it, each once (its dedupe key). Plain
 * text, but for the welcome mail, which carries the member card's QR inline (as a booking's ticket).
 */
type Venue = Pick<VenueView, 'name' | 'phone'>;
const signOff = (venue: Venue) => ['', venue.name, venue.phone];
const plural = (n: number) => (n === 1 ? '' : 's');
const myBookings = (publicUrl: string) => `${publicUrl}/my-bookings`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The first period is paid: what it covers, and the member card. The card's token acts for the family at the
 * kiosk, so it is only in the QR (a secret: hidden in the staff outbox view), never in the text.
 */
export async function welcomeMail(
  m: MembershipRow,
  o: { venue: Venue; publicUrl: string; cardToken: string },
): Promise<Mail> {
  const renews = longDate(firstDayAfterPeriod(m.currentPeriodEnd!));
  const ends = longDate(lastDayPaid(m.currentPeriodEnd!));
  const paragraphs = [
    `Thank you: your ${m.plan.name} is active. Your member number is ${memberNumberText(m.memberNumber)}.`,
    `Paid: ${formatPence(m.pricePence)} for ${m.period === 'monthly' ? 'the first month' : 'the year'}. ${
      m.period === 'monthly' ? `It renews on ${renews} and each month after.` : `It runs until ${ends}.`
    }`,
    `It covers ${m.plan.children} named child${m.plan.children === 1 ? '' : 'ren'} from your family profile. Book as usual, signed in, and say who is coming.`,
    'Your member card is the QR code in this e-mail (and in My Bookings): scan it at the check-in kiosk.',
  ];
  const manage =
    'You may cancel within 14 days of joining for a refund (less any visits used). Manage it in My Bookings:';
  const qr = await QRCode.toBuffer(o.cardToken, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Welcome to the ${esc(m.plan.name)}</h1>
<p>Hello,</p>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p><img src="cid:member-card" width="240" height="240" alt="QR code of your member card ${esc(memberNumberText(m.memberNumber))}"></p>
<p>${esc(manage)} <a href="${esc(myBookings(o.publicUrl))}">My Bookings</a>.</p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`;
  return {
    template: 'membership-welcome',
    to: m.email,
    subject: `Welcome to the ${m.plan.name} - ${o.venue.name}`,
    text: ['Hello,', '', ...paragraphs, '', `${manage} ${myBookings(o.publicUrl)}`, ...signOff(o.venue)].join('\n'),
    html,
    attachments: [
      { filename: 'member-card.png', contentType: 'image/png', content: qr.toString('base64'), cid: 'member-card' },
    ],
    dedupeKey: `membership-welcome:${m.id}`,
    secrets: [o.cardToken],
  };
}

/** A renewal failed: the family is told each time, with where to update the card. */
export function renewalFailedMail(
  m: MembershipRow,
  o: { venue: Venue; publicUrl: string; attempt: number; nextTry: Date | null; period: number },
): Mail {
  const next = o.nextTry
    ? `We will try again on ${longDate(londonDate(o.nextTry))}.`
    : 'That was our last try, so your membership is paused until it is paid.';
  return {
    template: 'membership-renewal-failed',
    to: m.email,
    subject: `Your ${m.plan.name} payment did not go through - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `We could not take ${formatPence(m.pricePence)} for your ${m.plan.name} (${memberNumberText(m.memberNumber)}).`,
      next,
      `Please update your card in My Bookings: ${myBookings(o.publicUrl)}?membership=${m.id}`,
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-renewal-failed:${m.id}:${o.period}:${o.attempt}`,
  };
}

/** Cancelled to the end of the period paid: no renewal, and the end date. */
export function cancelledMail(m: MembershipRow, o: { venue: Venue }): Mail {
  const ends = longDate(lastDayPaid(m.currentPeriodEnd!));
  return {
    template: 'membership-cancelled',
    to: m.email,
    subject: `Your ${m.plan.name} is cancelled - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) will not renew. You can keep using it until ${ends}, its last day.`,
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-cancelled:${m.id}:${m.version}`,
  };
}

/**
 * Money came for a membership that could not start or run any more, and all of it has gone back
 * (apply-membership-payment.ts): what it was, why, and that it is refunded. The reason is the membership's.
 */
export function lateMoneyRefundMail(
  m: MembershipRow,
  o: { venue: Venue; paymentId: string; refundPence: number },
): Mail {
  const what = `your ${m.plan.name} (${memberNumberText(m.memberNumber)})`;
  const reason = m.statusReason ?? '';
  const why = reason.startsWith(`${CHILD_COVERED}:`)
    ? `A child it was for is already covered by another membership (${reason.slice(CHILD_COVERED.length + 1).trim()}), which was paid first, so it could not start.`
    : reason.startsWith('admin:')
      ? `The venue had ended it before the payment reached us (${reason.slice('admin:'.length).trim()}).`
      : 'It had already ended when the payment reached us.';
  return {
    template: 'membership-payment-refunded',
    to: m.email,
    subject: `Your ${m.plan.name} payment is refunded - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `A payment of ${formatPence(o.refundPence)} reached us for ${what}.`,
      why,
      `We have refunded all of it. It reaches your account in a few days.`,
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-payment-refunded:${o.paymentId}`,
  };
}

/** A paused membership not paid within its time has ended: nothing more is owed or taken. */
export function unpaidEndedMail(m: MembershipRow, o: { venue: Venue; days: number }): Mail {
  return {
    template: 'membership-unpaid-ended',
    to: m.email,
    subject: `Your ${m.plan.name} has ended - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) was paused for ${o.days} days without its payment, so it has now ended. Nothing more will be taken.`,
      'You are welcome to join again at any time.',
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-unpaid-ended:${m.id}`,
  };
}

/** The end at the period's end was taken back (in Stripe's Billing Portal): it renews again. */
export function renewsAgainMail(m: MembershipRow, o: { venue: Venue }): Mail {
  const ends = m.currentPeriodEnd ? ` on ${longDate(londonDate(m.currentPeriodEnd))}` : '';
  return {
    template: 'membership-renews-again',
    to: m.email,
    subject: `Your ${m.plan.name} will renew - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) is no longer set to end: it renews${ends} and each month after, until you cancel.`,
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-renews-again:${m.id}:${m.version}`,
  };
}

/** Cancelled in the cooling-off period: ended now, and what goes back. */
export function coolingOffMail(
  m: MembershipRow,
  o: { venue: Venue; refundPence: number; visitsUsed: number; kept?: { visits: number; references: string[] } },
): Mail {
  return {
    template: 'membership-cooling-off',
    to: m.email,
    subject: `Your ${m.plan.name} is cancelled and refunded - ${o.venue.name}`,
    text: [
      'Hello,',
      '',
      `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) has ended today.`,
      `We are refunding ${formatPence(o.refundPence)}: your first payment${o.visitsUsed ? ` less ${o.visitsUsed} visit${plural(o.visitsUsed)} used` : ''}${o.kept?.visits ? `${o.visitsUsed ? ' and' : ' less'} the ${o.kept.visits} visit${plural(o.kept.visits)} booked ahead that you kept` : ''}. It reaches your account in a few days.`,
      ...(o.kept?.visits
        ? [
            `Your bookings ${o.kept.references.join(', ')} stay booked: they are paid for, so there is nothing to pay at the desk.`,
          ]
        : []),
      ...signOff(o.venue),
    ].join('\n'),
    dedupeKey: `membership-cooling-off:${m.id}`,
  };
}

const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** "3 August 2026 at 10:00" (London). */
const londonAt = (at: Date) => `${longDate(londonDate(at))} at ${londonTime.format(at)}`;

/**
 * The membership stopped paying for visits it covered on trust of its renewal (memberships/unpaid-visits.ts):
 * once, listing each visit and the time by which it is cancelled unless the membership is paid (paused) or
 * at all (ending: it cannot be paid any more).
 */
export function unpaidVisitsMail(
  m: MembershipRow,
  o: {
    venue: Venue;
    publicUrl: string;
    reason: 'paused' | 'ending';
    visits: { reference: string; date: string; session: string; deadline: Date }[];
    at: Date;
  },
): Mail {
  const n = o.visits.length;
  const lines = o.visits.map(
    (v) =>
      `- ${v.reference}: ${longDate(v.date)}, ${v.session}. ${o.reason === 'paused' ? 'Pay by' : 'Cancelled on'} ${londonAt(v.deadline)}.`,
  );
  const intro =
    o.reason === 'paused'
      ? [
          `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) is paused: we could not take its payment.`,
          `It had paid for ${n === 1 ? 'this visit' : `these ${n} visits`}, booked ahead on it:`,
        ]
      : [
          `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) ends on ${longDate(lastDayPaid(m.currentPeriodEnd!))}.`,
          `It had paid for ${n === 1 ? 'this visit after that date' : `these ${n} visits after that date`}, booked ahead on it:`,
        ];
  const outro =
    o.reason === 'paused'
      ? [
          `Each booking is kept if your membership is paid by the time shown: update your card and pay in My Bookings: ${myBookings(o.publicUrl)}?membership=${m.id}`,
          'Otherwise we will cancel it then, give its places back, refund anything else you paid on it, and e-mail you.',
        ]
      : [
          'We will cancel each of them at the time shown, refund anything else you paid on it, and e-mail you. To come anyway, book again and pay for the visit.',
        ];
  return {
    template: 'membership-unpaid-visits',
    to: m.email,
    subject:
      o.reason === 'paused'
        ? `Your ${m.plan.name} is paused: your booked visits - ${o.venue.name}`
        : `Your ${m.plan.name} ends before your booked visits - ${o.venue.name}`,
    text: ['Hello,', '', ...intro, '', ...lines, '', ...outro, ...signOff(o.venue)].join('\n'),
    dedupeKey: `membership-unpaid-visits:${m.id}:${m.periodsPaid}:${o.reason}:${o.at.toISOString()}`,
  };
}
