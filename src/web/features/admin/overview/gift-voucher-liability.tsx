import { Download, Gift } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { GiftVoucherLiability } from '../../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../../shared/money';
import { apiGet } from '../../../lib/api';
import { smallSecondary } from '../components/panel-parts';
import { LiabilityTable } from '../components/liability-table';
import { QueryState } from '../components/query-state';

// The Gift vouchers tab's report (admins): the same route and query key, so the two share one answer.
const url = '/api/admin/gift-vouchers/liability';
/** The Overview shows the latest months; the CSV and the Gift vouchers tab have them all. */
const MONTHS_SHOWN = 6;

/**
 * Finance on the Overview (issue 29): what gift vouchers owe today and month by month. Sold vouchers are
 * a liability until spent, not takings; the revenue figures above count a voucher when it pays for a visit.
 */
export function GiftVoucherLiabilitySection() {
  const report = useQuery({ queryKey: [url], queryFn: () => apiGet<GiftVoucherLiability>(url) });
  return (
    <section
      aria-labelledby="overview-liability"
      data-testid="overview-liability"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="overview-liability" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <span className="text-brand-700">
              <Gift aria-hidden className="h-6 w-6" />
            </span>
            Gift voucher liability
          </h2>
          {report.data ? (
            <p className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
              {formatPence(report.data.outstandingNow)} <span className="text-base font-semibold">owed today</span>
            </p>
          ) : null}
        </div>
        <a href={`${url}.csv`} className={smallSecondary} download>
          <Download aria-hidden className="h-4 w-4" />
          Download CSV
        </a>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        Vouchers sold are owed to their holders until spent, so they are not revenue when sold. What a voucher pays for
        a booking counts as revenue on the day the booking is confirmed.
      </p>
      <QueryState query={report} what="the gift voucher liability" />
      {report.data ? (
        <LiabilityTable months={report.data.months.slice(-MONTHS_SHOWN)} label="Gift voucher liability by month" />
      ) : null}
    </section>
  );
}
