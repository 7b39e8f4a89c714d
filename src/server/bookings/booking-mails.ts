import QRCode from 'qrcode';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import type { PublicCatalogue, VenueView } from '../../shared/catalogue';
import { whatToBringOf } from '../../shared/visit-rules';
import type { Mail } from '../mail/enqueue-mail';
import { bookingIcs, type IcsCatalogue } from './booking-ics';

/**
 * What a booking mail shows of the venue (name, address, phone, hours, sessions): the catalogue's as the
 * mail is built, so an edit shows in the next mail. Callers read it with publicCatalogue before their transaction.
 */
export type BookingMailCatalogue = IcsCatalogue;

export type MailBooking = {
  id: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  visitDate: string;
  sessionId: string | null;
  sessionLabel: string;
  finalPence: number;
  /** Session credits this booking used, and what they saved (0 when none). */
  creditsUsed?: number;
  creditSavingsPence?: number;
  /** What a loyalty voucher took off (0 when none). */
  voucherDiscountPence?: number;
  /** What a membership paid for (0 when none). */
  membershipCoverPence?: number;
  /** The gift voucher that paid part or all of it, and how much (0 when none). */
  giftVoucherId?: string | null;
  giftVoucherPence?: number;
  ticketToken: string;
  lines: { title: string; quantity: number }[];
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The PNG the kiosk scans: it carries only the random ticket token. */
export function ticketQrPng(ticketToken: string): Promise<Buffer> {
  return QRCode.toBuffer(ticketToken, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
}

/** The ticket QR as a mail attachment, shown inline by the html's cid:ticket-qr. */
const qrAttachment = (qr: Buffer) => ({
  filename: 'ticket-qr.png',
  contentType: 'image/png',
  content: qr.toString('base64'),
  cid: 'ticket-qr',
});

export async function confirmationMail(
  b: MailBooking,
  opts: {
    cancelUrl: string;
    myBookingsUrl: string;
    now: Date;
    catalogue: BookingMailCatalogue;
    /** Where to accept the rules of play, when the family has not accepted the version in force. */
    agreementUrl?: string;
  },
): Promise<Mail> {
  const { venue, openingHours } = opts.catalogue;
  const tickets = b.lines.map((l) => `${l.quantity} x ${l.title}`);
  const when = `${longDate(b.visitDate)}, ${b.sessionLabel}`;
  const ics = bookingIcs(b, opts.now, opts.catalogue);
  const qr = await ticketQrPng(b.ticketToken);
  const text = [
    `Hello ${firstName(b.customerName)},`,
    '',
    `Your booking is confirmed. Booking reference: ${b.reference}`,
    `When: ${when}`,
    `Tickets: ${tickets.join(', ')}`,
    `Paid: ${formatPence(b.finalPence)}`,
    ...(b.creditsUsed
      ? [`Session credits used: ${b.creditsUsed} (saving ${formatPence(b.creditSavingsPence ?? 0)})`]
      : []),
    ...(b.membershipCoverPence ? [`Membership: ${formatPence(b.membershipCoverPence)} covered`] : []),
    ...(b.voucherDiscountPence ? [`Loyalty voucher: ${formatPence(b.voucherDiscountPence)} off`] : []),
    ...(b.giftVoucherPence ? [`Gift voucher: ${formatPence(b.giftVoucherPence)}`] : []),
    '',
    'Show the QR code in this e-mail at the check-in kiosk (or give us your booking reference).',
    `Please arrive ${openingHours.arriveEarlyMinutes} minutes early. ${openingHours.lastEntryNote}`,
    '',
    `Need to cancel? Up to 24 hours before your visit you get a full refund: ${opts.cancelUrl}`,
    `All your bookings, tickets and session credits: ${opts.myBookingsUrl}`,
    ...(opts.agreementUrl
      ? ['', `Before your visit, please accept our rules of play for your children: ${opts.agreementUrl}`]
      : []),
    '',
    `${venue.name}, ${venue.fullAddress}`,
    venue.phone,
  ].join('\n');
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your booking is confirmed</h1>
<p>Hello ${esc(firstName(b.customerName))},</p>
<p>Booking reference: <strong style="font-size:18px">${esc(b.reference)}</strong></p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Tickets:</strong> ${esc(tickets.join(', '))}<br><strong>Paid:</strong> ${esc(formatPence(b.finalPence))}${b.creditsUsed ? `<br><strong>Session credits used:</strong> ${b.creditsUsed} (saving ${esc(formatPence(b.creditSavingsPence ?? 0))})` : ''}${b.membershipCoverPence ? `<br><strong>Membership:</strong> ${esc(formatPence(b.membershipCoverPence))} covered` : ''}${b.voucherDiscountPence ? `<br><strong>Loyalty voucher:</strong> ${esc(formatPence(b.voucherDiscountPence))} off` : ''}${b.giftVoucherPence ? `<br><strong>Gift voucher:</strong> ${esc(formatPence(b.giftVoucherPence))}` : ''}</p>
<p><img src="cid:ticket-qr" width="240" height="240" alt="QR code of your ticket ${esc(b.reference)}"></p>
<p>Show this QR code at the check-in kiosk. Please arrive ${esc(String(openingHours.arriveEarlyMinutes))} minutes early. ${esc(openingHours.lastEntryNote)}</p>
<p>Need to cancel? Up to 24 hours before your visit you get a full refund: <a href="${esc(opts.cancelUrl)}">cancel my booking</a>.</p>
<p>All your bookings, tickets and session credits: <a href="${esc(opts.myBookingsUrl)}">My Bookings</a>.</p>
${
  opts.agreementUrl
    ? `<p>Before your visit, please <a href="${esc(opts.agreementUrl)}">accept our rules of play</a> for your children: it takes a minute, and saves the queue at the door.</p>
`
    : ''
}<p>${esc(venue.name)}, ${esc(venue.fullAddress)}<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'booking-confirmation',
    to: b.customerEmail,
    subject: `Booking confirmed: ${b.reference} - ${venue.name}`,
    text,
    html,
    attachments: [
      qrAttachment(qr),
      {
        filename: `playtimebarn-${b.reference}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(ics).toString('base64'),
      },
    ],
    dedupeKey: `booking-confirmed:${b.id}`,
    secrets: [opts.cancelUrl, opts.myBookingsUrl],
  };
}

/** The outbox key of a booking's reminder: one row per booking, whoever enqueues it, however often. */
export const reminderKey = (bookingId: string) => `booking-reminder:${bookingId}`;

/**
 * The day-before reminder (DECISIONS.md "Running the day"): when, the ticket QR, what to bring (the
 * catalogue's visit rules, issue 25) and the cancel and My Bookings links (both secrets: hidden in the staff
 * view). One per booking: its dedupe key.
 */
export async function reminderMail(
  b: MailBooking,
  opts: {
    cancelUrl: string;
    myBookingsUrl: string;
    catalogue: Pick<BookingMailCatalogue, 'venue' | 'openingHours'> & Pick<PublicCatalogue, 'visitRules'>;
  },
): Promise<Mail> {
  const { venue, openingHours } = opts.catalogue;
  const whatToBring = whatToBringOf(opts.catalogue.visitRules);
  const tickets = b.lines.map((l) => `${l.quantity} x ${l.title}`);
  const when = `${longDate(b.visitDate)}, ${b.sessionLabel}`;
  const qr = await ticketQrPng(b.ticketToken);
  const arrive = `Please arrive ${openingHours.arriveEarlyMinutes} minutes early. ${openingHours.lastEntryNote}`;
  const cantCome = `Can't come after all? Open your booking here: ${opts.cancelUrl}`;
  const cantComeNote = `Cancelling online with a full refund closes 24 hours before your session; after that, please call us on ${venue.phone} so we can offer your places to another family.`;
  const text = [
    `Hello ${firstName(b.customerName)},`,
    '',
    `See you tomorrow at ${venue.name}! Booking reference: ${b.reference}`,
    `When: ${when}`,
    ...(tickets.length ? [`Tickets: ${tickets.join(', ')}`] : []),
    arrive,
    '',
    'What to bring:',
    ...whatToBring.map((item) => `- ${item}`),
    '',
    'Show the QR code in this e-mail at the check-in kiosk (or give us your booking reference).',
    '',
    cantCome,
    cantComeNote,
    `All your bookings, tickets and session credits: ${opts.myBookingsUrl}`,
    '',
    `${venue.name}, ${venue.fullAddress}`,
    venue.phone,
  ].join('\n');
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">See you tomorrow!</h1>
<p>Hello ${esc(firstName(b.customerName))},</p>
<p>Booking reference: <strong style="font-size:18px">${esc(b.reference)}</strong></p>
<p><strong>When:</strong> ${esc(when)}${tickets.length ? `<br><strong>Tickets:</strong> ${esc(tickets.join(', '))}` : ''}</p>
<p>${esc(arrive)}</p>
<h2 style="font-size:18px">What to bring</h2>
<ul>${whatToBring.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>
<p><img src="cid:ticket-qr" width="240" height="240" alt="QR code of your ticket ${esc(b.reference)}"></p>
<p>Show this QR code at the check-in kiosk (or give us your booking reference).</p>
<p>Can't come after all? <a href="${esc(opts.cancelUrl)}">Open your booking to cancel</a>. ${esc(cantComeNote)}</p>
<p>All your bookings, tickets and session credits: <a href="${esc(opts.myBookingsUrl)}">My Bookings</a>.</p>
<p>${esc(venue.name)}, ${esc(venue.fullAddress)}<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'booking-reminder',
    to: b.customerEmail,
    subject: `See you tomorrow: ${b.reference} - ${venue.name}`,
    text,
    html,
    attachments: [qrAttachment(qr)],
    dedupeKey: reminderKey(b.id),
    secrets: [opts.cancelUrl, opts.myBookingsUrl],
  };
}

/** The venue as the short mails sign off with. */
type MailVenue = Pick<VenueView, 'name' | 'phone'>;

/**
 * The one mail a cancellation sends: cancelled, and everything that comes back (card refund, session
 * credits, gift voucher). The card refund itself is carried out after commit and sends no mail of its
 * own (refundTold), so a family gets one mail per cancellation, not two.
 */
export function cancellationMail(
  b: Pick<
    MailBooking,
    | 'id'
    | 'reference'
    | 'customerName'
    | 'customerEmail'
    | 'visitDate'
    | 'sessionLabel'
    | 'creditsUsed'
    | 'giftVoucherPence'
  >,
  opts: {
    refundPence: number;
    /** 'partial': staff refunded part of what was paid (DECISIONS.md "Running the day"). */
    refundKind?: 'full' | 'partial';
    venue: MailVenue;
    /** Why the venue cancelled it, when the family did not (a membership left unpaid). */
    why?: string;
  },
): Mail {
  const { refundPence, refundKind = 'full', venue } = opts;
  const why = opts.why ? `\n${opts.why}` : '';
  const credits = b.creditsUsed
    ? `Your ${b.creditsUsed} session ${b.creditsUsed === 1 ? 'credit is' : 'credits are'} back in your account.`
    : '';
  const gift = b.giftVoucherPence
    ? `The ${formatPence(b.giftVoucherPence)} your gift voucher paid is back on the voucher.`
    : '';
  const refundLine = [
    refundPence > 0
      ? `A ${refundKind === 'full' ? 'full refund' : 'partial refund'} of ${formatPence(refundPence)} is on its way to the card you paid with. Refunds usually show within 5-10 working days.`
      : credits || gift
        ? ''
        : 'There was nothing to refund.',
    credits,
    gift,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    template: 'booking-cancellation',
    to: b.customerEmail,
    subject: `Booking cancelled: ${b.reference} - ${venue.name}`,
    text: `Hello ${firstName(b.customerName)},\n\nYour booking ${b.reference} for ${longDate(b.visitDate)}, ${b.sessionLabel} is cancelled.${why}\n${refundLine}\n\nWe hope to see you another time.\n${venue.name}\n${venue.phone}`,
    dedupeKey: `booking-cancelled:${b.id}`,
  };
}

/**
 * Whether the family was already told of a payment's refund: a booking's refund decided by its
 * cancellation (refund reason 'cancelled', set only by cancelLockedBooking, in the transaction that
 * queues the cancellation mail). Every other refund (a late payment's, one made at the provider) is
 * told by refundMail.
 */
export const refundTold = (p: { bookingId: string | null; refundReason: string | null }): boolean =>
  p.bookingId !== null && p.refundReason === 'cancelled';

/** A refund no cancellation mail told the family of: a late payment's, or one made at the provider. */
export function refundMail(
  b: Pick<MailBooking, 'id' | 'reference' | 'customerName' | 'customerEmail'>,
  opts: { refundPence: number; reason: 'cancelled' | 'late_payment' | 'provider_refund'; venue: MailVenue },
): Mail {
  const { refundPence, reason, venue } = opts;
  const why =
    reason === 'late_payment'
      ? 'Your payment reached us after your 15-minute hold had ended, and by then the places, session credits or gift voucher balance the booking needed had gone, so we could not confirm it. We are sorry.'
      : 'Your refund has been issued.';
  return {
    template: 'booking-refund',
    to: b.customerEmail,
    subject: `Refund of ${formatPence(refundPence)} for ${b.reference} - ${venue.name}`,
    text: `Hello ${firstName(b.customerName)},\n\n${why}\nWe have refunded ${formatPence(refundPence)} to the card you paid with for booking ${b.reference}. Refunds usually show within 5-10 working days.\n\n${venue.name}\n${venue.phone}`,
    dedupeKey: `booking-refund:${b.id}`,
  };
}
