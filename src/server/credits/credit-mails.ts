import type { VenueView } from '../../shared/catalogue';
import { formatPence } from '../../shared/money';
import type { Mail } from '../mail/enqueue-mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type PurchaseForMail = {
  id: string;
  customerName: string;
  customerEmail: string;
  credits: number;
  amountPence: number;
  savingsPence: number;
};

/** Sent in the transaction that grants the credits: one per purchase, with the balance after it and the venue as it is now. */
export function creditsPurchasedMail(
  p: PurchaseForMail,
  balance: number,
  bookingUrl: string,
  venue: Pick<VenueView, 'name' | 'phone'>,
): Mail {
  const lines = [
    `Hello ${firstName(p.customerName)},`,
    '',
    `Thank you: your ${p.credits} session credits are ready.`,
    `Paid: ${formatPence(p.amountPence)} (you saved ${formatPence(p.savingsPence)}).`,
    `Your balance: ${balance} ${balance === 1 ? 'credit' : 'credits'}.`,
    '',
    'Each credit pays for one child (1-12 years) for one play session. Credits never expire and are used',
    `automatically when you book online with this e-mail address (${p.customerEmail}).`,
    '',
    `Book a visit: ${bookingUrl}`,
    '',
    venue.name,
    venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your session credits are ready</h1>
<p>Hello ${esc(firstName(p.customerName))},</p>
<p>Thank you: your <strong>${p.credits} session credits</strong> are ready.<br>Paid: ${esc(formatPence(p.amountPence))} (you saved ${esc(formatPence(p.savingsPence))}).</p>
<p style="font-size:18px"><strong>Your balance: ${balance} ${balance === 1 ? 'credit' : 'credits'}</strong></p>
<p>Each credit pays for one child (1-12 years) for one play session. Credits never expire and are used automatically when you book online with this e-mail address (${esc(p.customerEmail)}).</p>
<p><a href="${esc(bookingUrl)}">Book a visit</a></p>
<p>${esc(venue.name)}<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'credits-purchased',
    to: p.customerEmail,
    subject: `Your ${p.credits} session credits - ${venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: `credits-purchased:${p.id}`,
  };
}

/** Money came for a bundle that could no longer be given (cancelled meanwhile): all of it has gone back. */
export function creditRefundMail(
  p: PurchaseForMail,
  o: { refundPence: number; paymentId: string; venue: Pick<VenueView, 'name' | 'phone'> },
): Mail {
  return {
    template: 'credits-refunded',
    to: p.customerEmail,
    subject: `Your session credits payment is refunded - ${o.venue.name}`,
    text: [
      `Hello ${firstName(p.customerName)},`,
      '',
      `Your payment of ${formatPence(o.refundPence)} for ${p.credits} session credits reached us after the purchase had been cancelled, so no credits were added.`,
      'We have refunded all of it. It reaches your account in a few days.',
      '',
      o.venue.name,
      o.venue.phone,
    ].join('\n'),
    dedupeKey: `credits-refunded:${o.paymentId}`,
  };
}
