import { priceOn, type DatedPrice } from '../../../../../shared/catalogue';
import { longDate } from '../../../../../shared/date-text';
import { formatPence } from '../../../../../shared/money';
import { Pill } from '../../components/pill';

/** A ticket type's dated prices, oldest first, with the one in force today marked. */
export function PriceHistory({ title, prices, today }: { title: string; prices: DatedPrice[]; today: string }) {
  const now = priceOn(prices, today);
  const rows = [...prices].sort((a, b) => a.fromDate.localeCompare(b.fromDate));
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
            <tr key={p.fromDate} className="border-t border-slate-200">
              <td className="py-2 pr-3">{longDate(p.fromDate)}</td>
              <td className="py-2 pr-3 font-semibold">{formatPence(p.pricePence)}</td>
              <td className="py-2 pr-3">{formatPence(p.feePence)}</td>
              <td className="py-2">
                {p === now ? (
                  <Pill tone="green">In force today</Pill>
                ) : p.fromDate > today ? (
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
