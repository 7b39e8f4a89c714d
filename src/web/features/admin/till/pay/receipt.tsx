import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { useCatalogue } from '../../../../app/catalogue';
import { formatDayAndTime } from '../../lib/format';
import { paidBy, paidNow, vatRateLabel } from '../lib/receipt-text';

const row = 'flex justify-between gap-3';

/**
 * A VAT receipt (printed at 80 mm by lib/print.ts): the venue's name and VAT number, the lines, VAT by
 * rate, the total and how it was paid, with the change given.
 */
export function Receipt({ sale }: { sale: Sale }) {
  const { venue } = useCatalogue();
  // The VAT number, when the venue is VAT-registered (Venue tab; a VAT receipt must show it).
  const vatNumber = venue.vatNumber;
  return (
    <article
      aria-label={`Receipt ${sale.number}`}
      className="till-print rounded-2xl border border-slate-200 bg-white p-3 font-mono text-sm text-slate-900"
    >
      <p className="text-center font-bold">{venue.name}</p>
      <p className="text-center">{venue.fullAddress}</p>
      {vatNumber ? <p className="text-center">VAT number {vatNumber}</p> : null}
      <p className="mt-2">
        Receipt {sale.number} · {formatDayAndTime(sale.createdAt)}
      </p>
      <p>
        Served by {sale.staff} · {sale.eatIn ? 'Eat in' : 'Takeaway'}
      </p>
      <ul className="my-2 border-y border-dashed border-slate-400 py-1">
        {sale.lines.map((l) => (
          <li key={l.id} className={row}>
            <span>
              {l.quantity} x {l.description}
            </span>
            <span className="whitespace-nowrap">{formatPence(l.totalPence)}</span>
          </li>
        ))}
      </ul>
      <p className={`${row} font-bold`}>
        <span>Total</span>
        <span>{formatPence(sale.totalPence)}</span>
      </p>
      {sale.voucherPence > 0 ? (
        <p className={row}>
          <span>Gift voucher</span>
          <span>-{formatPence(sale.voucherPence)}</span>
        </p>
      ) : null}
      <p className={row}>
        <span>Paid by {paidBy(sale).toLowerCase()}</span>
        <span>{formatPence(sale.tenderedPence ?? paidNow(sale))}</span>
      </p>
      {sale.changePence ? (
        <p className={row}>
          <span>Change</span>
          <span>{formatPence(sale.changePence)}</span>
        </p>
      ) : null}
      <table className="mt-2 w-full border-t border-dashed border-slate-400 text-left">
        <caption className="text-left font-bold">VAT</caption>
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col" className="text-right">
              Net
            </th>
            <th scope="col" className="text-right">
              VAT
            </th>
            <th scope="col" className="text-right">
              Gross
            </th>
          </tr>
        </thead>
        <tbody>
          {sale.vatByRate.map((v) => (
            <tr key={v.vatRateBasisPoints}>
              <td>{vatRateLabel(v.vatRateBasisPoints)}</td>
              <td className="text-right">{formatPence(v.netPence)}</td>
              <td className="text-right">{formatPence(v.vatPence)}</td>
              <td className="text-right">{formatPence(v.grossPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-center">Thank you for visiting!</p>
    </article>
  );
}
