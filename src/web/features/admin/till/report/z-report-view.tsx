import type { ReactNode } from 'react';
import type { ZReport } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { useCatalogue } from '../../../../app/catalogue';
import { formatDayAndTime } from '../../lib/format';
import { vatRateLabel } from '../lib/receipt-text';

/** Money out of the till, written with its minus sign (none on nothing). */
const minus = (pence: number) => (pence ? `-${formatPence(pence)}` : formatPence(0));

const kindLabel = { entry: 'Entry', cafe: 'Cafe', shop: 'Shop' } as const;

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 py-0.5 ${strong ? 'font-bold' : ''}`}>
      <dt className="shrink-0">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}

const block = 'mt-3 border-t border-dashed border-slate-400 pt-2';

/** The Z report (printed on a till roll or A4 by lib/print.ts): every figure of the session, as the server gives it. */
export function ZReportView({ report: r }: { report: ZReport }) {
  const { venue } = useCatalogue();
  const variance = r.variancePence;
  return (
    <article
      aria-labelledby="z-report-heading"
      className="till-print rounded-3xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm"
    >
      <h2 id="z-report-heading" className="text-xl font-bold">
        Z report: {r.till}
      </h2>
      <p>{venue.name}</p>
      {venue.vatNumber ? <p>VAT number {venue.vatNumber}</p> : null}
      <dl className={block}>
        <Row label="Opened" value={`${formatDayAndTime(r.openedAt)} by ${r.openedBy}`} />
        <Row
          label={r.closedAt ? 'Last operator' : 'Operator now'}
          value={r.operator === r.openedBy ? r.operator : `${r.operator} (after a switch)`}
        />
        <Row
          label="Closed"
          value={r.closedAt ? `${formatDayAndTime(r.closedAt)} by ${r.closedBy ?? ''}` : 'Still open'}
        />
        <Row label="Sales" value={r.sales} />
        <Row label="Voids" value={r.voids} />
      </dl>
      <h3 className={`${block} font-bold`}>Takings</h3>
      <dl>
        <Row label="Cash sales" value={formatPence(r.cashSalesPence)} />
        <Row label="Card sales" value={formatPence(r.cardSalesPence)} />
        <Row label="Gift vouchers" value={formatPence(r.voucherPence)} />
        <Row label="Cash refunds" value={minus(r.refunds.cashPence)} />
        <Row label="Card refunds" value={minus(r.refunds.cardPence)} />
      </dl>
      <h3 className={`${block} font-bold`}>Cash drawer</h3>
      <dl>
        <Row label="Float" value={formatPence(r.floatPence)} />
        <Row label="Cash in" value={formatPence(r.cashInPence)} />
        <Row label="Cash out" value={minus(r.cashOutPence)} />
        <Row label="Expected cash" value={formatPence(r.expectedCashPence)} strong />
        <Row
          label="Counted"
          value={r.countedCashPence === null ? 'Not counted' : formatPence(r.countedCashPence)}
          strong
        />
        <Row
          label="Variance"
          value={
            variance === null
              ? '-'
              : `${formatPence(Math.abs(variance))}${variance === 0 ? '' : variance > 0 ? ' over' : ' short'}`
          }
          strong
        />
      </dl>
      <h3 className={`${block} font-bold`}>Sales by kind</h3>
      <dl>
        {r.byKind.map((k) => (
          <Row key={k.kind} label={kindLabel[k.kind]} value={formatPence(k.grossPence)} />
        ))}
      </dl>
      <table className={`${block} w-full text-left`}>
        <caption className="text-left font-bold">VAT by rate</caption>
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
          {r.byVatRate.map((v) => (
            <tr key={v.vatRateBasisPoints}>
              <td>{vatRateLabel(v.vatRateBasisPoints)}</td>
              <td className="text-right">{formatPence(v.netPence)}</td>
              <td className="text-right">{formatPence(v.vatPence)}</td>
              <td className="text-right">{formatPence(v.grossPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
