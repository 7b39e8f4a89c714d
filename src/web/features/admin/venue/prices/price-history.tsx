import type { BandPrice } from '../../../../../shared/catalogue';
import { longDate } from '../../../../../shared/date-text';
import type { DayBand } from '../../../../../shared/day-types';
import { formatPence } from '../../../../../shared/money';
import { Pill } from '../../components/pill';
import { historyRows } from './band-history';

/**
 * A ticket type's dated prices by band of days, oldest first, with those in force today marked: one band's,
 * or every band's (a price the bands share is one row).
 */
export function PriceHistory({
  title,
  prices,
  bands,
  bandId,
  today,
}: {
  title: string;
  prices: BandPrice[];
  bands: DayBand[];
  bandId: string;
  today: string;
}) {
  const rows = historyRows(prices, bands, bandId, today);
  if (rows.length === 0) return <p className="text-slate-700">No price yet: it is not sold until it has one.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left">
        <caption className="sr-only">Price history of {title}</caption>
        <thead className="text-sm text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              From
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Days
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Price
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Fee
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.key} className="border-t border-slate-200">
              <td className="py-2 pr-3">{longDate(p.fromDate)}</td>
              <td className="py-2 pr-3">{p.bandLabel}</td>
              <td className="py-2 pr-3 font-semibold">{formatPence(p.pricePence)}</td>
              <td className="py-2 pr-3">{formatPence(p.feePence)}</td>
              <td className="py-2">
                {p.status === 'now' ? (
                  <Pill tone="green">In force today</Pill>
                ) : p.status === 'upcoming' ? (
                  <Pill tone="sky">Upcoming</Pill>
                ) : (
                  <Pill tone="slate">Past</Pill>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
