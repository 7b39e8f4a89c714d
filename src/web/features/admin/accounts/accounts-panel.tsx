import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { journalUrl, type AccountsRange, type VatByRate } from '../../../../shared/contracts/accounts';
import { todayInLondon } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { textInput } from '../../../components/ui/primitives';
import { usePayouts, useVatSummary } from '../api/accounts-api';
import { PanelHeader, smallPrimary } from '../components/panel-parts';
import { AccountsSettingsForm } from './accounts-settings-form';

const lastDay = ['31', '30', '30', '31'];
const quarterRange = (year: number, q: number): AccountsRange => ({
  from: `${year}-${String(q * 3 - 2).padStart(2, '0')}-01`,
  to: `${year}-${String(q * 3).padStart(2, '0')}-${lastDay[q - 1]}`,
});

const rate = (bp: number) => `${bp / 100}%`;

function RateRows({ rows }: { rows: VatByRate[] }) {
  return rows.map((r) => (
    <tr key={r.rateBasisPoints} className="border-t border-slate-100">
      <th scope="row" className="py-1 pr-2 font-semibold">
        {rate(r.rateBasisPoints)}
      </th>
      <td className="py-1 pr-2 text-right">{formatPence(r.netPence)}</td>
      <td className="py-1 pr-2 text-right">{formatPence(r.vatPence)}</td>
      <td className="py-1 text-right">{formatPence(r.grossPence)}</td>
    </tr>
  ));
}

function VatSummaryCard({ range, title }: { range: AccountsRange; title: string }) {
  const vat = useVatSummary(range);
  const head = (
    <tr className="text-slate-700">
      <th scope="col" className="py-1 pr-2">
        Rate
      </th>
      <th scope="col" className="py-1 pr-2 text-right">
        Net
      </th>
      <th scope="col" className="py-1 pr-2 text-right">
        VAT
      </th>
      <th scope="col" className="py-1 text-right">
        Gross
      </th>
    </tr>
  );
  return (
    <section aria-label={`VAT summary, ${title}`} className="mt-4 rounded-3xl border border-slate-200 bg-white p-5">
      <h3 className="text-lg font-bold text-slate-900">VAT summary, {title}</h3>
      {!vat.data ? (
        <p className="mt-2 text-slate-700">{vat.error ? 'The VAT summary could not be loaded.' : 'Loading…'}</p>
      ) : (
        <>
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Takings by VAT rate</caption>
            <thead>{head}</thead>
            <tbody>
              <RateRows rows={vat.data.byRate} />
              {vat.data.byRate.length === 0 && (
                <tr>
                  <td colSpan={4} className="py-1 text-slate-700">
                    No takings with a tax point in these dates.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-700">Box 1 (VAT due on sales)</dt>
              <dd className="font-bold text-slate-900">{formatPence(vat.data.box1Pence)}</dd>
            </div>
            <div>
              <dt className="text-slate-700">Box 6 (sales before VAT)</dt>
              <dd className="font-bold text-slate-900">£{vat.data.box6Pounds.toLocaleString('en-GB')}</dd>
            </div>
            <div>
              <dt className="text-slate-700">Gift vouchers sold (no VAT yet)</dt>
              <dd className="font-bold text-slate-900">{formatPence(vat.data.voucherSales.grossPence)}</dd>
            </div>
            <div>
              <dt className="text-slate-700">Gift vouchers spent (in the boxes)</dt>
              <dd className="font-bold text-slate-900">
                {formatPence(vat.data.voucherRedemptions.reduce((s, r) => s + r.grossPence, 0))}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

function PayoutsCard({ range }: { range: AccountsRange }) {
  const payouts = usePayouts(range);
  const d = payouts.data;
  return (
    <section aria-label="Stripe payouts" className="mt-4 rounded-3xl border border-slate-200 bg-white p-5">
      <h3 className="text-lg font-bold text-slate-900">Stripe payouts</h3>
      {!d ? (
        <p className="mt-2 text-slate-700">{payouts.error ? 'Stripe’s payouts could not be loaded.' : 'Loading…'}</p>
      ) : !d.available ? (
        <p className="mt-2 text-slate-700">Payouts come from Stripe; this site takes payments in TEST MODE.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {d.payouts.map((p) => (
            <li key={p.id}>
              <span className="font-semibold">{p.arrivalDate}</span>: {formatPence(p.amountPence)} to the bank,{' '}
              {p.transactions.filter((x) => x.matched).length} of {p.transactions.length} transactions matched
            </li>
          ))}
          {d.payouts.length === 0 && <li>No payouts arrived in these dates.</li>}
          {d.unmatched.length > 0 && (
            <li className="font-semibold text-red-800">
              Not matched to a payment: {d.unmatched.map((x) => `${x.type} ${formatPence(x.amountPence)}`).join(', ')}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

/**
 * Admin section "Accounts" (issue 50, DECISIONS.md "Takings the accountant can file"): the settings, a
 * quarter's VAT summary, the daily journal for Xero on either basis, and Stripe's payouts.
 */
export function AccountsPanel() {
  const id = useId();
  const today = todayInLondon(new Date());
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [quarter, setQuarter] = useState(Math.ceil(Number(today.slice(5, 7)) / 3));
  const range = quarterRange(year, quarter);
  const title = `Q${quarter} ${year} (${range.from} to ${range.to})`;
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-4xl">
      <PanelHeader
        id={`${id}-title`}
        title="Accounts"
        intro="VAT on every sale at its tax point, a daily journal for Xero and Stripe’s payouts. Only admins can see this; settings changes and downloads are written to the audit log."
      />
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-year`} className="mb-1 block font-semibold text-slate-900">
            Year
          </label>
          <input
            id={`${id}-year`}
            type="number"
            className={`${textInput} max-w-32`}
            value={year}
            onChange={(e) => setYear(Number(e.target.value) || year)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-quarter`} className="mb-1 block font-semibold text-slate-900">
            Quarter
          </label>
          <select
            id={`${id}-quarter`}
            className={textInput}
            value={quarter}
            onChange={(e) => setQuarter(Number(e.target.value))}
          >
            {[1, 2, 3, 4].map((q) => (
              <option key={q} value={q}>
                Q{q}
              </option>
            ))}
          </select>
        </div>
      </div>
      <VatSummaryCard range={range} title={title} />
      <section aria-label="Daily journal" className="mt-4 rounded-3xl border border-slate-200 bg-white p-5">
        <h3 className="text-lg font-bold text-slate-900">Daily journal for Xero</h3>
        <p className="mt-1 text-sm text-slate-700">
          One manual journal a day, balancing to zero; import with “Amounts are tax inclusive”.
        </p>
        <ul aria-label="Download the journal" className="mt-3 flex flex-wrap gap-3">
          <li>
            <a href={journalUrl(range, 'cash')} download className={smallPrimary}>
              <Download aria-hidden className="h-4 w-4" />
              Journal, cash basis (CSV)
            </a>
          </li>
          <li>
            <a href={journalUrl(range, 'accrual')} download className={smallPrimary}>
              <Download aria-hidden className="h-4 w-4" />
              Journal, accrual basis (CSV)
            </a>
          </li>
        </ul>
      </section>
      <PayoutsCard range={range} />
      <AccountsSettingsForm />
    </section>
  );
}
