import { Download } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { GiftVoucherLiability } from '../../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../../shared/money';
import { apiGet } from '../../../lib/api';
import { smallSecondary } from '../components/panel-parts';
import { QueryState } from '../components/query-state';

const url = '/api/admin/gift-vouchers/liability';

/**
 * Finance (admins): what gift vouchers owe, month by month. Sold vouchers are a liability until
 * redeemed, not takings; the CSV has the same rows.
 */
export function LiabilityCard() {
  const report = useQuery({ queryKey: [url], queryFn: () => apiGet<GiftVoucherLiability>(url) });
  return (
    <section aria-labelledby="gift-voucher-liability-heading" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="gift-voucher-liability-heading" className="text-lg font-bold text-slate-900">
            Liability
          </h3>
          <p className="text-slate-700">
            Sold vouchers are owed to their holders until spent: they are not takings until redeemed.
            {report.data ? ` Owed today: ${formatPence(report.data.outstandingNow)}.` : ''}
          </p>
        </div>
        <a href={`${url}.csv`} className={smallSecondary} download>
          <Download aria-hidden className="h-4 w-4" />
          Download CSV
        </a>
      </div>
      <QueryState query={report} what="the liability report" />
      {report.data ? (
        // A phone scrolls the table sideways; the region takes keyboard focus so it can be scrolled without a mouse.
        <div
          className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white"
          role="region"
          aria-label="Liability by month"
          tabIndex={0}
        >
          <table className="w-full min-w-[34rem] whitespace-nowrap text-right text-sm text-slate-900">
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
              {report.data.months
                .slice()
                .reverse()
                .map((m) => (
                  <tr key={m.month} className="border-t border-slate-200">
                    <th scope="row" className="px-3 py-2 text-left font-semibold">
                      {m.month}
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
      ) : null}
    </section>
  );
}
