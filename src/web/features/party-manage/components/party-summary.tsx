import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { Card } from '../../../components/ui/primitives';
import { PartyStatusBadge } from '../../../components/party/party-status-badge';

/** The party as booked: when and where, the package, the price lines, what is paid and what is still due. */
export function PartySummary({ party: p }: { party: FamilyPartyView }) {
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold text-slate-900">{longDate(p.date)}</h2>
          <p className="text-slate-700">{p.slotLabel}</p>
        </div>
        <PartyStatusBadge status={p.status} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono font-semibold tracking-wide break-all">{p.reference}</dd>
        <dt className="text-slate-600">Birthday child</dt>
        <dd>
          {p.childFirstName}, turning {p.childAge}
        </dd>
        <dt className="text-slate-600">Package</dt>
        <dd>{p.packageName}</dd>
        <dt className="text-slate-600">Room</dt>
        <dd>{p.roomName}</dd>
        <dt className="text-slate-600">Children</dt>
        <dd>{p.children}</dd>
      </dl>

      <h3 className="mt-6 text-lg font-bold text-slate-900">Price</h3>
      <table className="mt-2 w-full text-left text-slate-800">
        <caption className="sr-only">Price of the party</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((line, i) => (
            <tr key={`${line.label}-${i}`} className="border-b border-slate-100">
              <td className="py-2 pr-3">
                {line.label}
                {line.kind === 'per_child' ? (
                  <span className="block text-sm text-slate-600">
                    {line.quantity} × {formatPence(line.unitPence)}
                  </span>
                ) : null}
              </td>
              <td className="py-2 text-right whitespace-nowrap">{formatPence(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 pr-3 font-bold">
              Total
            </th>
            <td className="pt-3 text-right font-bold whitespace-nowrap">{formatPence(p.totalPence)}</td>
          </tr>
          <tr>
            <th scope="row" className="pt-1 pr-3 font-normal">
              Paid
            </th>
            <td className="pt-1 text-right whitespace-nowrap">{formatPence(p.paidPence)}</td>
          </tr>
          <tr>
            <th scope="row" className="pt-1 pr-3 font-semibold">
              {p.balancePence > 0 ? `Balance due by ${longDate(p.balanceDueDate)}` : 'Balance'}
            </th>
            <td className="pt-1 text-right font-semibold whitespace-nowrap" data-testid="party-balance">
              {p.balancePence > 0 ? formatPence(p.balancePence) : 'Paid in full'}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
