import { useMemo, useRef, useState } from 'react';
import { useRestrictions } from '../api/admin-calendar-api';
import { BlockedDaysGrid } from './blocked-days-grid';
import { blocksByDate, nextDays } from './calendar-dates';
import { QueryState, UpdatedAt } from '../components/query-state';
import { EmptyState, PanelHeader } from '../components/panel-parts';
import { RestrictionForm } from './restriction-form';
import { RestrictionList } from './restriction-list';
import { SessionCapacityCard } from './session-capacity-card';
import { WaitingListCard } from './waiting-list-card';
import { todayInLondon } from '../../../../shared/dates';

const DAYS_SHOWN = 31;

/**
 * Staff tab "Booking Calendar": block a session or a whole day (families can no longer book it, and
 * the public calendar shows it) and unblock it again; change one session's places for one date.
 * Polled every 30 s.
 */
export function BookingCalendarPanel() {
  const query = useRestrictions();
  const [date, setDate] = useState('');
  const [capacityDate, setCapacityDate] = useState(() => todayInLondon(new Date()));
  const slotRef = useRef<HTMLSelectElement>(null);
  const restrictions = useMemo(() => query.data?.restrictions ?? [], [query.data]);
  const blocks = useMemo(() => blocksByDate(restrictions), [restrictions]);
  const days = useMemo(() => nextDays(DAYS_SHOWN), []);

  const pick = (iso: string) => {
    setDate(iso);
    setCapacityDate(iso);
    slotRef.current?.focus();
  };

  return (
    <section aria-labelledby="admin-calendar-heading">
      <PanelHeader
        id="admin-calendar-heading"
        title="Booking Calendar"
        intro="Block a session or a whole day for a private party, training or maintenance, or change how many children a session takes on one date. Families cannot book a blocked time; existing bookings are kept."
      />
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
          <RestrictionForm date={date} onDateChange={setDate} slotRef={slotRef} />
        </div>
        {/* Less padding on phones: seven 44 px days fit a 390 px screen. */}
        <div className="rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
          <h3 className="text-xl font-bold text-brand-800">Next {DAYS_SHOWN} days</h3>
          <p className="mb-3 text-sm text-slate-700">Tap a day to block something on it or see its places.</p>
          <BlockedDaysGrid days={days} blocks={blocks} selected={date} onPick={pick} />
        </div>
      </div>
      <div className="mt-6">
        <SessionCapacityCard date={capacityDate} onDateChange={setCapacityDate} />
      </div>
      <div className="mt-6">
        <WaitingListCard date={capacityDate} />
      </div>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-bold text-brand-800">Upcoming restrictions</h3>
        {query.data ? <UpdatedAt query={query} what="the restrictions" /> : null}
      </div>
      <QueryState query={query} what="restrictions" />
      {query.data && restrictions.length === 0 ? (
        <EmptyState title="No upcoming restrictions">
          Every session is open for booking. Use the form above to block a session or a whole day.
        </EmptyState>
      ) : null}
      {restrictions.length > 0 ? <RestrictionList restrictions={restrictions} /> : null}
    </section>
  );
}
