import type { VenueView } from '../../shared/catalogue';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import type { Mail } from '../mail/enqueue-mail';
import type { GiftVoucherRow } from './voucher-ledger';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "£30.00" or "one Child (1-12 years) visit (£9.50)". */
export function voucherValueText(v: Pick<GiftVoucherRow, 'kind' | 'ticketTypeTitle' | 'initialPence'>): string {
  return v.kind === 'visit'
    ? `one ${v.ticketTypeTitle ?? 'play'} visit (${formatPence(v.initialPence)})`
    : formatPence(v.initialPence);
}

export const receiptKey = (voucherId: string) => `gift-voucher-receipt:${voucherId}`;
export const recipientKey = (voucherId: string) => `gift-voucher-recipient:${voucherId}`;

/** To the buyer, in the transaction that makes the voucher active: the receipt and their printable copy. */
export function giftVoucherReceiptMail(
  v: GiftVoucherRow,
  o: { printUrl: string; venue: Pick<VenueView, 'name' | 'phone'>; today: string },
): Mail {
  const when = v.sendOn <= o.today ? 'today' : `on ${longDate(v.sendOn)}`;
  const lines = [
    `Hello ${firstName(v.buyerName)},`,
    '',
    `Thank you for buying a ${o.venue.name} gift voucher for ${voucherValueText(v)}.`,
    `Paid: ${formatPence(v.initialPence)}.`,
    '',
    `We will e-mail it to ${v.recipientName} (${v.recipientEmail}) ${when}.`,
    `It can be spent until ${longDate(v.expiresOn)}.`,
    '',
    'To print it and hand it over yourself, open:',
    o.printUrl,
    '',
    o.venue.name,
    o.venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your gift voucher is ready</h1>
<p>Hello ${esc(firstName(v.buyerName))},</p>
<p>Thank you for buying a ${esc(o.venue.name)} gift voucher for <strong>${esc(voucherValueText(v))}</strong>.<br>Paid: ${esc(formatPence(v.initialPence))}.</p>
<p>We will e-mail it to ${esc(v.recipientName)} (${esc(v.recipientEmail)}) ${esc(when)}. It can be spent until ${esc(longDate(v.expiresOn))}.</p>
<p><a href="${esc(o.printUrl)}">Print the voucher to hand it over yourself</a></p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`;
  return {
    template: 'gift-voucher-receipt',
    to: v.buyerEmail,
    subject: `Your gift voucher receipt - ${o.venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: receiptKey(v.id),
    secrets: [o.printUrl],
  };
}

/** To the recipient on the chosen day: the code, the message and the printable voucher with its QR code. */
export function giftVoucherRecipientMail(
  v: GiftVoucherRow,
  o: { code: string; printUrl: string; bookingUrl: string; venue: Pick<VenueView, 'name' | 'phone'> },
): Mail {
  const message = v.message.trim();
  const lines = [
    `Hello ${firstName(v.recipientName)},`,
    '',
    `${v.buyerName} has sent you a ${o.venue.name} gift voucher for ${voucherValueText(v)}.`,
    ...(message ? ['', 'Their message:', message] : []),
    '',
    `Your voucher code: ${o.code}`,
    `Spend it when you book online (${o.bookingUrl}) or at the desk, until ${longDate(v.expiresOn)}.`,
    'What you do not spend at once stays on the voucher for next time.',
    '',
    'Print your voucher (with a QR code for the desk):',
    o.printUrl,
    '',
    o.venue.name,
    o.venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">A gift for you</h1>
<p>Hello ${esc(firstName(v.recipientName))},</p>
<p>${esc(v.buyerName)} has sent you a ${esc(o.venue.name)} gift voucher for <strong>${esc(voucherValueText(v))}</strong>.</p>
${message ? `<blockquote style="border-left:4px solid #99f6e4;margin:0;padding:8px 12px;white-space:pre-wrap">${esc(message)}</blockquote>` : ''}
<p style="font-size:20px;letter-spacing:1px"><strong>${esc(o.code)}</strong></p>
<p>Spend it when you <a href="${esc(o.bookingUrl)}">book online</a> or at the desk, until ${esc(longDate(v.expiresOn))}. What you do not spend at once stays on the voucher for next time.</p>
<p><a href="${esc(o.printUrl)}">Print your voucher</a> (with a QR code for the desk)</p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`;
  return {
    template: 'gift-voucher-recipient',
    to: v.recipientEmail,
    subject: `${v.buyerName} has sent you a gift voucher - ${o.venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: recipientKey(v.id),
    secrets: [o.code, o.printUrl],
  };
}

/**
 * To the buyer: money came for a voucher that could no longer be given (the recipient's details were erased
 * while it waited for payment), and all of it has gone back.
 */
export function giftVoucherRefundMail(
  v: Pick<GiftVoucherRow, 'buyerName' | 'buyerEmail' | 'kind' | 'ticketTypeTitle' | 'initialPence'>,
  o: { refundPence: number; paymentId: string; venue: Pick<VenueView, 'name' | 'phone'> },
): Mail {
  return {
    template: 'gift-voucher-refunded',
    to: v.buyerEmail,
    subject: `Your gift voucher payment is refunded - ${o.venue.name}`,
    text: [
      `Hello ${firstName(v.buyerName)},`,
      '',
      `Your payment of ${formatPence(o.refundPence)} for a gift voucher of ${voucherValueText(v)} reached us after the voucher could no longer be made (it had been cancelled, or its recipient's details erased), so no voucher was made.`,
      'We have refunded all of it. It reaches your account in a few days.',
      '',
      o.venue.name,
      o.venue.phone,
    ].join('\n'),
    dedupeKey: `gift-voucher-refunded:${o.paymentId}`,
  };
}
