import { Download } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { GiftVoucherLiability } from '../../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../../shared/money';
import { apiGet } from '../../../lib/api';
import { smallSecondary } from '../components/panel-parts';
import { LiabilityTable } from '../components/liability-table';
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
      {report.data ? <LiabilityTable months={report.data.months} label="Liability by month" /> : null}
    </section>
  );
}
