import { useId } from 'react';
import type { StaffWaitingEntry } from '../../../../shared/contracts/waiting-list';
import { longDate } from '../../../../shared/date-text';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { toast } from '../../../components/ui/toast-store';
import { useOfferPlace, useStaffWaitingList } from '../api/waiting-list-api';
import { useSignInAgainOn } from '../api/staff-query';
import { Pill, type PillTone } from '../components/pill';
import { smallPrimary } from '../components/panel-parts';
import { QueryState } from '../components/query-state';

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

const statusText: Record<StaffWaitingEntry['status'], [string, PillTone]> = {
  waiting: ['Waiting', 'slate'],
  offered: ['Offered', 'sky'],
  booked: ['Booked', 'green'],
  expired: ['Offer expired', 'amber'],
  left: ['Left', 'slate'],
};

/**
 * "Waiting lists" (issue 29) for the date chosen in "Places per session": each session's families in
 * order, with their places and any offer's expiry, and "Offer a place" to make an offer by hand now.
 */
export function WaitingListCard({ date }: { date: string }) {
  const id = useId();
  const query = useStaffWaitingList(date);
  const offer = useOfferPlace(date);
  useSignInAgainOn(offer.error);
  const entries = query.data?.entries ?? [];
  const sessions = [...new Set(entries.map((e) => e.sessionLabel))];

  const offerTo = (e: StaffWaitingEntry) =>
    offer.mutate(e.id, {
      onSuccess: () => toast({ title: 'Place offered', description: `${e.email} has been e-mailed an offer.` }),
      onError: (err) => toast({ title: 'No offer made', description: err.message }),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        Waiting lists{date ? ` on ${longDate(date)}` : ''}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Families waiting for a full session, in order. Freed places are offered automatically; you can also offer one by
        hand.
      </p>
      {query.isPending ? (
        <p className="mt-4 text-slate-700">Loading the waiting lists...</p>
      ) : (
        <QueryState query={query} what="the waiting lists" />
      )}
      {query.data && entries.length === 0 ? (
        <p className="mt-4 text-slate-800">Nobody is waiting for a session on this date.</p>
      ) : null}
      {sessions.map((label) => (
        <div key={label} className="mt-4">
          <h4 className="font-semibold text-slate-900">{label}</h4>
          <ol className="mt-2 space-y-2">
            {entries
              .filter((e) => e.sessionLabel === label)
              .map((e) => {
                const [text, tone] = statusText[e.status];
                const live = e.status === 'waiting' || e.status === 'offered';
                return (
                  <li
                    key={e.id}
                    data-testid="staff-waiting-entry"
                    className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 p-3"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold break-all text-slate-900">
                        {live ? `${e.position}. ` : ''}
                        {e.email}
                      </p>
                      <p className="flex flex-wrap items-center gap-2 text-slate-700">
                        {e.places === 1 ? '1 place' : `${e.places} places`} <Pill tone={tone}>{text}</Pill>
                        {e.status === 'offered' && e.offerExpiresAt
                          ? `held until ${clock.format(new Date(e.offerExpiresAt))}`
                          : null}
                      </p>
                    </div>
                    {e.status === 'waiting' ? (
                      <button
                        type="button"
                        className={smallPrimary}
                        disabled={offer.isPending}
                        onClick={() => offerTo(e)}
                      >
                        Offer a place
                      </button>
                    ) : null}
                  </li>
                );
              })}
          </ol>
        </div>
      ))}
    </section>
  );
}
