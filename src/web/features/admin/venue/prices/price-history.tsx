import type { BandPrice } from '../../../../../shared/catalogue';
import { shortDate } from '../../../../../shared/date-text';
import type { DayBand } from '../../../../../shared/day-types';
import { formatPence } from '../../../../../shared/money';
import { Pill } from '../../components/pill';
import { historyRows, type HistoryRow } from './band-history';

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
        {/* On a phone the days and the status sit under the date: five columns would not fit 390 px. */}
        <thead className="text-sm text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              From
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
              Days
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Price
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Fee
            </th>
            <th scope="col" className="hidden py-2 font-semibold sm:table-cell">
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.key} className="border-t border-slate-200">
              <td className="py-2 pr-3">
                <span className="whitespace-nowrap">{shortDate(p.fromDate)}</span>
                <div className="sm:hidden">{p.bandLabel}</div>
                <div className="text-sm font-semibold text-slate-700 sm:hidden">{statusText(p)}</div>
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{p.bandLabel}</td>
              <td className="py-2 pr-3 font-semibold whitespace-nowrap">{formatPence(p.pricePence)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatPence(p.feePence)}</td>
              <td className="hidden py-2 sm:table-cell">
                <Status row={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const statusText = (row: HistoryRow) =>
  row.status === 'upcoming'
    ? 'Upcoming'
    : row.status === 'past'
      ? 'Past'
      : row.nowFor
        ? `In force today: ${row.nowFor}`
        : 'In force today';

const tones = { now: 'green', upcoming: 'sky', past: 'slate' } as const;

/** The status as a pill beside the prices; on a phone, as words under the date (they may wrap). */
function Status({ row }: { row: HistoryRow }) {
  return <Pill tone={tones[row.status]}>{statusText(row)}</Pill>;
}
