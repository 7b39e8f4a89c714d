import type { VenueView } from '../../shared/catalogue';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import { buildIcs } from '../bookings/ics';
import { venueInstant } from '../bookings/visit-time';
import type { Mail } from '../mail/enqueue-mail';
import type { PartyDetails } from './party-details';

/**
 * The family's party mails, enqueued in the payment's transaction (so a mail exists exactly when the
 * payment counted): the deposit's confirmation, with the party as a calendar event and the manage link,
 * and the balance's receipt. Each has one dedupe key per payment.
 */
type MailVenue = Pick<VenueView, 'name' | 'fullAddress' | 'phone'>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The party as a calendar event: a UID of its own, so a calendar that imports it twice keeps one event. */
export function partyIcs(p: PartyDetails, venue: MailVenue, now: Date): string {
  return buildIcs({
    uid: `party-${p.id}@playtimebarn.co.uk`,
    start: venueInstant(p.date, p.slot.start),
    end: venueInstant(p.date, p.slot.end),
    summary: `${p.childFirstName}'s party at ${venue.name} (${p.reference})`,
    location: `${venue.name}, ${venue.fullAddress}`,
    description: `${p.packageName} party for ${p.children} children, ${p.roomName}. ${venue.phone}`,
    now,
  });
}

export function partyConfirmedMail(
  p: PartyDetails,
  o: { paymentId: string; paidPence: number; manageLink: string; venue: MailVenue; now: Date },
): Mail {
  const { venue } = o;
  const when = `${longDate(p.date)}, ${p.slot.label}`;
  const due = p.totalPence - o.paidPence;
  const lines = [
    `Hello ${firstName(p.parentName)},`,
    '',
    `${p.childFirstName}'s party is booked. Thank you for your deposit of ${formatPence(p.depositPence)}.`,
    '',
    `Reference: ${p.reference}`,
    `When: ${when}`,
    `Where: ${p.roomName}, ${venue.name}`,
    `Package: ${p.packageName}, ${p.children} children`,
    `Total: ${formatPence(p.totalPence)}. Paid: ${formatPence(o.paidPence)}.`,
    due > 0 ? `Balance of ${formatPence(due)} due by ${longDate(p.balanceDueDate)}.` : 'Nothing more to pay.',
    '',
    `You can change the number of children until ${longDate(p.balanceDueDate)}, pay the balance and invite guests here:`,
    o.manageLink,
    'Please keep this link to yourself: it lets anyone who has it manage your party.',
    '',
    'The party is in the attached calendar file.',
    '',
    venue.name,
    venue.fullAddress,
    venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">${esc(p.childFirstName)}'s party is booked</h1>
<p>Hello ${esc(firstName(p.parentName))},</p>
<p>Thank you for your deposit of ${esc(formatPence(p.depositPence))}.</p>
<p><strong>Reference: ${esc(p.reference)}</strong><br>When: ${esc(when)}<br>Where: ${esc(p.roomName)}, ${esc(venue.name)}<br>Package: ${esc(p.packageName)}, ${p.children} children</p>
<p>Total: ${esc(formatPence(p.totalPence))}. Paid: ${esc(formatPence(o.paidPence))}.<br>${
    due > 0 ? `Balance of ${esc(formatPence(due))} due by ${esc(longDate(p.balanceDueDate))}.` : 'Nothing more to pay.'
  }</p>
<p><a href="${esc(o.manageLink)}">Manage your party</a>: change the number of children until ${esc(longDate(p.balanceDueDate))}, pay the balance and invite guests. Please keep this link to yourself.</p>
<p>${esc(venue.name)}, ${esc(venue.fullAddress)}<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'party-confirmation',
    to: p.parentEmail,
    subject: `Party booked: ${p.reference} - ${venue.name}`,
    text: lines.join('\n'),
    html,
    attachments: [
      {
        filename: `playtimebarn-${p.reference}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(partyIcs(p, venue, o.now)).toString('base64'),
      },
    ],
    dedupeKey: `party-confirmed:${o.paymentId}`,
    secrets: [o.manageLink],
  };
}

export function partyBalancePaidMail(
  p: PartyDetails,
  o: { paymentId: string; amountPence: number; paidPence: number; manageLink: string; venue: MailVenue },
): Mail {
  const { venue } = o;
  const due = Math.max(0, p.totalPence - o.paidPence);
  const lines = [
    `Hello ${firstName(p.parentName)},`,
    '',
    `Thank you: we have received ${formatPence(o.amountPence)} for ${p.childFirstName}'s party (${p.reference}).`,
    `Party: ${longDate(p.date)}, ${p.slot.label}, ${p.roomName}`,
    `Total: ${formatPence(p.totalPence)}. Paid so far: ${formatPence(o.paidPence)}.`,
    due > 0 ? `Still to pay: ${formatPence(due)}.` : 'The party is paid in full.',
    '',
    `Your party: ${o.manageLink}`,
    '',
    venue.name,
    venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Payment received</h1>
<p>Hello ${esc(firstName(p.parentName))},</p>
<p>Thank you: we have received ${esc(formatPence(o.amountPence))} for ${esc(p.childFirstName)}'s party (${esc(p.reference)}).</p>
<p>Party: ${esc(longDate(p.date))}, ${esc(p.slot.label)}, ${esc(p.roomName)}<br>Total: ${esc(formatPence(p.totalPence))}. Paid so far: ${esc(formatPence(o.paidPence))}.<br>${
    due > 0 ? `Still to pay: ${esc(formatPence(due))}.` : 'The party is paid in full.'
  }</p>
<p><a href="${esc(o.manageLink)}">Your party</a></p>
<p>${esc(venue.name)}<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'party-payment-receipt',
    to: p.parentEmail,
    subject: `Payment received: ${p.reference} - ${venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: `party-payment:${o.paymentId}`,
    secrets: [o.manageLink],
  };
}

/**
 * A party payment given back that no cancellation mail told of (party-refund-mail.ts partyRefundTold): a
 * deposit that came after the room had gone, a payment that came after the party was cancelled, or a
 * refund staff made at the provider (Stripe's dashboard).
 */
export function partyRefundMail(
  p: { reference: string; parentName: string; parentEmail: string; childFirstName: string },
  o: { paymentId: string; refundPence: number; reason: string; venue: Pick<VenueView, 'name' | 'phone'> },
): Mail {
  const why =
    o.reason === 'late_payment'
      ? 'The time to pay the deposit ran out before your payment reached us, so the party could not be booked.'
      : o.reason === 'cancelled'
        ? `${p.childFirstName}'s party (${p.reference}) was cancelled.`
        : `We have given back a payment for ${p.childFirstName}'s party (${p.reference}).`;
  const help =
    o.reason === 'provider_refund'
      ? 'Any questions? Just reply to this e-mail or call us.'
      : 'Please get in touch if we can help you find another date.';
  const lines = [
    `Hello ${firstName(p.parentName)},`,
    '',
    why,
    `We have refunded ${formatPence(o.refundPence)} to your card. It usually shows within 5 to 10 working days.`,
    '',
    help,
    '',
    o.venue.name,
    o.venue.phone,
  ];
  return {
    template: 'party-refund',
    to: p.parentEmail,
    subject: `Refund for party ${p.reference} - ${o.venue.name}`,
    text: lines.join('\n'),
    html: `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your refund</h1>
<p>Hello ${esc(firstName(p.parentName))},</p>
<p>${esc(why)}</p>
<p>We have refunded <strong>${esc(formatPence(o.refundPence))}</strong> to your card. It usually shows within 5 to 10 working days.</p>
<p>${esc(help)}</p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`,
    dedupeKey: `party-refund:${o.paymentId}`,
  };
}
