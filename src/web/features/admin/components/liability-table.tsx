import type { GiftVoucherLiability } from '../../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../../shared/money';
import { monthName } from '../overview/liability-text';

/**
 * The gift voucher liability by month, newest first (the Overview shows the latest few, the Gift Vouchers tab
 * all of them). A phone scrolls the table sideways; the region takes keyboard focus so it scrolls without a mouse.
 */
export function LiabilityTable({ months, label }: { months: GiftVoucherLiability['months']; label: string }) {
  return (
    <div
      className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full min-w-[34rem] text-right text-sm whitespace-nowrap text-slate-900">
        <caption className="sr-only">{label}, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            {['Month', 'Sold', 'Redeemed', 'Expired', 'Voided', 'Outstanding'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold first:text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months
            .slice()
            .reverse()
            .map((m) => (
              <tr key={m.month} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {monthName(m.month)}
                </th>
                {[m.sold, m.redeemed, m.expired, m.voided, m.outstanding].map((p, i) => (
                  <td key={i} className="px-3 py-2 tabular-nums">
                    {formatPence(p)}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
