import { Hourglass } from 'lucide-react';
import type { FamilyWaitingEntry } from '../../../../shared/contracts/waiting-list';
import { longDate } from '../../../../shared/date-text';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { secondaryButton, Spinner } from '../../../components/ui/primitives';
import { useFamilyWaitingList, useLeaveWaitingList } from '../api/family-waiting-list';
import { problemText } from '../../../lib/problem-text';

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const placesText = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/** The family's waiting list entries (issue 29): where each stands, and "Leave the waiting list". */
export function WaitingListEntries({ email }: { email: string }) {
  const list = useFamilyWaitingList(email);
  // Nothing at all for the many families who never joined one.
  if (list.isPending || list.isError || list.data.entries.length === 0) return null;
  return (
    <section aria-labelledby="my-bookings-waiting" className="max-w-3xl">
      <h2 id="my-bookings-waiting" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Hourglass aria-hidden className="h-6 w-6 text-brand-700" />
        Waiting list
      </h2>
      <ul className="mt-4 space-y-4">
        {list.data.entries.map((e) => (
          <li key={e.id}>
            <WaitingCard email={email} entry={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function WaitingCard({ email, entry: e }: { email: string; entry: FamilyWaitingEntry }) {
  const leave = useLeaveWaitingList(email);
  const titleId = `waiting-${e.id}-title`;
  return (
    <article
      data-testid="family-waiting-entry"
      aria-labelledby={titleId}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={titleId} className="text-xl font-bold text-slate-900">
        {longDate(e.date)}
      </h3>
      <p className="text-slate-700">
        {e.sessionLabel}, {placesText(e.places)}
      </p>
      <p className="mt-3 font-semibold text-slate-900">
        {e.status === 'offered' && e.offerExpiresAt
          ? `Places are held for you until ${clock.format(new Date(e.offerExpiresAt))}: use the link in our e-mail to book them.`
          : e.position === 1
            ? 'You are first on the waiting list.'
            : `You are number ${e.position} on the waiting list.`}
      </p>
      <div className="mt-4">
        <button type="button" className={secondaryButton} disabled={leave.isPending} onClick={() => leave.mutate(e.id)}>
          {leave.isPending ? <Spinner label="Leaving..." className="py-0" /> : 'Leave the waiting list'}
        </button>
        {leave.isError ? (
          <p role="alert" className="mt-2 text-berry-700">
            {problemText(leave.error)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
