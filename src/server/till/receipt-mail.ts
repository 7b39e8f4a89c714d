import type { VenueView } from '../../shared/catalogue';
import type { Sale } from '../../shared/contracts/till';
import { formatPence } from '../../shared/money';
import type { Mail } from '../mail/enqueue-mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

/** 2000 -> "20%". */
const rateLabel = (bp: number) => `${bp / 100}%`;

function paidBy(sale: Sale): string {
  const main = sale.method === 'cash' ? 'Cash' : sale.method === 'card' ? 'Card' : 'Gift voucher';
  return sale.voucherPence > 0 && sale.method !== 'voucher' ? `${main} and gift voucher` : main;
}

/** The receipt's rows as [label, amount]: the same figures the printed 80 mm receipt shows. */
function receiptRows(sale: Sale) {
  const lines = sale.lines.map((l) => {
    const refunded = l.refundedQuantity > 0 ? ` (${l.refundedQuantity} refunded)` : '';
    return [`${l.quantity} x ${l.description}${refunded}`, formatPence(l.totalPence)] as const;
  });
  const payment: (readonly [string, string])[] = [['Total', formatPence(sale.totalPence)]];
  if (sale.voucherPence > 0) payment.push(['Gift voucher', `-${formatPence(sale.voucherPence)}`]);
  if (sale.method !== 'voucher')
    payment.push([
      `Paid by ${paidBy(sale).toLowerCase()}`,
      formatPence(sale.tenderedPence ?? sale.totalPence - sale.voucherPence),
    ]);
  if (sale.changePence) payment.push(['Change', formatPence(sale.changePence)]);
  const vat = sale.vatByRate.map(
    (v) =>
      [
        rateLabel(v.vatRateBasisPoints),
        formatPence(v.netPence),
        formatPence(v.vatPence),
        formatPence(v.grossPence),
      ] as const,
  );
  return { lines, payment, vat };
}

/**
 * A till sale's VAT receipt by e-mail (POST /api/till/sales/:id/receipt-email): the venue, its VAT number, the
 * lines, the total and how it was paid, and VAT by rate (net, VAT, gross), as the printed receipt shows them.
 * `dedupeKey` makes a double tap one mail.
 */
export function tillReceiptMail(
  sale: Sale,
  o: { to: string; venue: Pick<VenueView, 'name' | 'fullAddress' | 'phone' | 'vatNumber'>; dedupeKey: string },
): Mail {
  const { venue } = o;
  const at = when.format(new Date(sale.createdAt));
  const { lines, payment, vat } = receiptRows(sale);
  const text = [
    venue.name,
    venue.fullAddress,
    ...(venue.vatNumber ? [`VAT number ${venue.vatNumber}`] : []),
    '',
    `Receipt ${sale.number} - ${at}`,
    `Served by ${sale.staff} - ${sale.eatIn ? 'Eat in' : 'Takeaway'}`,
    '',
    ...lines.map(([label, pence]) => `${label}  ${pence}`),
    '',
    ...payment.map(([label, pence]) => `${label}  ${pence}`),
    '',
    'VAT  Rate  Net  VAT  Gross',
    ...vat.map((r) => `     ${r.join('  ')}`),
    '',
    'Thank you for visiting!',
    venue.phone,
  ].join('\n');
  const tr = (cells: readonly string[], tag = 'td') =>
    `<tr>${cells.map((c, i) => `<${tag} style="padding:2px 6px;text-align:${i ? 'right' : 'left'}">${esc(c)}</${tag}>`).join('')}</tr>`;
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:480px">
<h1 style="color:#115e59;font-size:20px">${esc(venue.name)}: receipt ${sale.number}</h1>
<p>${esc(venue.fullAddress)}${venue.vatNumber ? `<br>VAT number ${esc(venue.vatNumber)}` : ''}</p>
<p>${esc(at)}<br>Served by ${esc(sale.staff)} &middot; ${sale.eatIn ? 'Eat in' : 'Takeaway'}</p>
<table style="border-collapse:collapse;width:100%">${lines.map((r) => tr(r)).join('')}</table>
<table style="border-collapse:collapse;width:100%;margin-top:8px;font-weight:bold">${payment.map((r) => tr(r)).join('')}</table>
<table style="border-collapse:collapse;width:100%;margin-top:8px"><caption style="text-align:left;font-weight:bold">VAT</caption>
${tr(['Rate', 'Net', 'VAT', 'Gross'], 'th')}${vat.map((r) => tr(r)).join('')}</table>
<p>Thank you for visiting!<br>${esc(venue.phone)}</p></div>`;
  return {
    template: 'till-receipt',
    to: o.to,
    subject: `Your receipt from ${venue.name} (${sale.number})`,
    text,
    html,
    dedupeKey: o.dedupeKey,
  };
}
