import { PartyPopper } from 'lucide-react';
import type { FamilyPartySummary } from '../../../../shared/contracts/party-booking';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { Link } from '../../../app/router';
import { PartyStatusBadge } from '../../../components/party/party-status-badge';
import { Card, secondaryButton } from '../../../components/ui/primitives';
import { savePartyToken } from '../../../lib/party-token';
import { useFamilyParties } from '../api/family-parties';
import { problemText } from '../../../lib/problem-text';

/**
 * The signed-in family's parties (issue 28), each opening its party page. The manage token goes to that
 * page through session storage, never in the link: the address bar, history and any shared link stay clean.
 */
export function PartyList({ email }: { email: string }) {
  const parties = useFamilyParties(email);
  // Nothing to say while loading, or for a family that has never booked a party online.
  if (parties.isPending) return null;
  if (parties.isError)
    return (
      <Card className="max-w-3xl">
        <h2 className="text-xl font-bold text-slate-900">We could not load your parties</h2>
        <p className="mt-2 text-slate-800">{problemText(parties.error)}</p>
        <button type="button" onClick={() => void parties.refetch()} className={`${secondaryButton} mt-3`}>
          Try again
        </button>
      </Card>
    );
  const all = [...parties.data.upcoming, ...parties.data.past];
  if (all.length === 0) return null;
  return (
    <section aria-labelledby="my-bookings-parties" className="max-w-3xl">
      <h2 id="my-bookings-parties" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <PartyPopper aria-hidden className="h-6 w-6 text-brand-700" />
        Parties
      </h2>
      <ul className="mt-4 space-y-4">
        {all.map((p) => (
          <li key={p.id}>
            <PartyCard party={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PartyCard({ party: p }: { party: FamilyPartySummary }) {
  const { sent, coming } = p.invitations;
  return (
    <article
      data-testid="family-party"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby={`party-${p.id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={`party-${p.id}-title`} className="text-xl font-bold text-slate-900">
            {longDate(p.date)}
          </h3>
          <p className="text-slate-700">
            {p.packageName}, {p.slotLabel}
          </p>
        </div>
        <PartyStatusBadge status={p.status} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono font-semibold tracking-wide break-all">{p.reference}</dd>
        <dt className="text-slate-600">Balance</dt>
        <dd>
          {p.balancePence > 0
            ? `${formatPence(p.balancePence)} due by ${longDate(p.balanceDueDate)}`
            : p.status === 'confirmed'
              ? 'Paid in full'
              : '-'}
        </dd>
        <dt className="text-slate-600">Guests</dt>
        <dd>{sent === 0 ? 'No invitations sent yet' : `${sent} invited, ${coming} coming`}</dd>
      </dl>
      <Link
        to={`/party/${encodeURIComponent(p.id)}`}
        onClick={() => savePartyToken(p.id, p.manageToken)}
        className={`${secondaryButton} mt-4`}
      >
        Open your party<span className="sr-only">, {longDate(p.date)}</span>
      </Link>
    </article>
  );
}
