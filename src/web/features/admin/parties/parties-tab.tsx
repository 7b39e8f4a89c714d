import { ArrowLeft, ChevronLeft, ChevronRight, PhoneCall } from 'lucide-react';
import { useState } from 'react';
import { longDayMonth } from '../../../../shared/date-text';
import { addDays, mondayOf, todayInLondon } from '../../../../shared/dates';
import { PanelHeader, smallPrimary, smallSecondary } from '../components/panel-parts';
import { QueryState, UpdatedAt } from '../components/query-state';
import { NewPartyForm } from './new-party-form';
import { usePartyWeek } from './parties-api';
import { PartySheetView } from './party-sheet-view';
import { PartyWeekView } from './party-week-view';

/**
 * Staff tab "Parties" (issue 28): the week's parties per day, slot and room (previous and next week,
 * back to this week), each party's printable sheet with its actions, and a party booked by phone.
 */
export function PartiesTab() {
  const today = todayInLondon(new Date());
  const [week, setWeek] = useState(() => mondayOf(today));
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const query = usePartyWeek(week);

  if (openId)
    return (
      <section aria-labelledby="parties-heading">
        <h2 id="parties-heading" className="sr-only">
          Parties
        </h2>
        <button type="button" className={`${smallSecondary} print:hidden`} onClick={() => setOpenId(null)}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to the week
        </button>
        <PartySheetView id={openId} week={week} />
      </section>
    );

  const data = query.data;
  return (
    <section aria-labelledby="parties-heading">
      <PanelHeader
        id="parties-heading"
        title="Parties"
        intro="The week's parties by room. Open one for its sheet (print it for the host), to add notes, move it or cancel it. A balance still unpaid 7 days before the party shows in red."
      >
        <button type="button" className={smallPrimary} onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
          <PhoneCall aria-hidden className="h-4 w-4" />
          New party (phone)
        </button>
      </PanelHeader>
      {creating && data ? (
        <NewPartyForm
          week={data}
          onDone={(id) => {
            setCreating(false);
            setOpenId(id);
          }}
        />
      ) : null}
      <nav aria-label="Choose the week" className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" className={smallSecondary} onClick={() => setWeek(addDays(week, -7))}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Previous week
        </button>
        <button
          type="button"
          className={smallSecondary}
          onClick={() => setWeek(mondayOf(today))}
          disabled={week === mondayOf(today)}
        >
          This week
        </button>
        <button type="button" className={smallSecondary} onClick={() => setWeek(addDays(week, 7))}>
          Next week
          <ChevronRight aria-hidden className="h-4 w-4" />
        </button>
        <p className="font-semibold text-slate-900" aria-live="polite">
          {longDayMonth(week)} to {longDayMonth(addDays(week, 6))}
        </p>
      </nav>
      <QueryState query={query} what="the parties" />
      {data ? (
        <>
          <div className="mt-2">
            <UpdatedAt query={query} what="the parties" />
          </div>
          <PartyWeekView week={data} today={today} onOpen={setOpenId} />
        </>
      ) : null}
    </section>
  );
}
