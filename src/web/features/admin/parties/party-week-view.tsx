import { slotsClash } from '../../../../shared/catalogue';
import type { PartyWeekResponse, StaffPartySummary } from '../../../../shared/contracts/admin-parties';
import { longDayMonth } from '../../../../shared/date-text';
import { PaidAndDue, PartyStatusPill } from './party-status';

/** One party in its cell: the button that opens its sheet. */
function PartyCell({ party, onOpen }: { party: StaffPartySummary; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(party.id)}
      className={`block w-full rounded-xl border-2 p-2 text-left text-sm hover:bg-brand-50 focus-visible:outline-offset-2 ${
        party.balanceOverdue ? 'border-red-300 bg-red-50' : 'border-brand-600 bg-white'
      }`}
    >
      <span className="sr-only">Open party {party.reference}: </span>
      <span className="block font-bold text-slate-900">
        {party.childFirstName} ({party.childAge}) · {party.packageName}
      </span>
      <span className="block text-slate-700">{party.children} children</span>
      <span className="block break-words text-slate-700">
        {party.parentName} · <span className="whitespace-nowrap">{party.parentPhone}</span>
      </span>
      <span className="mt-1 block">
        <PartyStatusPill status={party.status} />
      </span>
      <span className="mt-1 block">
        <PaidAndDue party={party} />
      </span>
    </button>
  );
}

/**
 * The week, a day at a time: each day a table of its slots (rows) and rooms (columns), so a free room is
 * as easy to see as a booked one. Private Hire takes the whole barn: one cell across every room.
 */
export function PartyWeekView({
  week,
  today,
  onOpen,
}: {
  week: PartyWeekResponse;
  today: string;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="mt-4 grid gap-3">
      {week.days.map((day) => {
        const ofDay = week.parties.filter((p) => p.date === day);
        return (
          <section
            key={day}
            aria-labelledby={`party-day-${day}`}
            className={`rounded-2xl border bg-white p-3 shadow-sm ${day === today ? 'border-brand-700 ring-2 ring-brand-100' : 'border-slate-200'}`}
          >
            <h3 id={`party-day-${day}`} className="font-bold text-brand-800">
              {longDayMonth(day)}
              {day === today ? ' (today)' : ''}
              <span className="ml-2 text-sm font-normal text-slate-700">
                {ofDay.length === 0 ? 'No parties' : `${ofDay.length} ${ofDay.length === 1 ? 'party' : 'parties'}`}
              </span>
            </h3>
            {ofDay.length === 0 ? null : (
              <table className="mt-2 w-full table-fixed border-separate border-spacing-1 text-left">
                <thead>
                  <tr>
                    <th scope="col" className="w-20 text-xs font-semibold text-slate-700 sm:w-28">
                      Time
                    </th>
                    {week.rooms.map((r) => (
                      <th key={r.id} scope="col" className="text-xs font-semibold text-slate-700">
                        {r.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {week.slots.map((slot) => {
                    const inSlot = ofDay.filter((p) => p.slotId === slot.id);
                    const barn = inSlot.find((p) => p.roomId === null);
                    // A room is not free in a slot too close to one of its parties (or to Private Hire's).
                    const near = ofDay.filter((p) => {
                      const other = week.slots.find((s) => s.id === p.slotId);
                      return other !== undefined && slotsClash(slot, other, week.clearMinutes);
                    });
                    return (
                      <tr key={slot.id}>
                        <th scope="row" className="align-top text-xs font-semibold text-slate-700">
                          {slot.label}
                        </th>
                        {barn ? (
                          <td colSpan={week.rooms.length} className="align-top">
                            <PartyCell party={barn} onOpen={onOpen} />
                          </td>
                        ) : (
                          week.rooms.map((room) => {
                            const p = inSlot.find((x) => x.roomId === room.id);
                            return (
                              <td key={room.id} className="align-top">
                                {p ? (
                                  <PartyCell party={p} onOpen={onOpen} />
                                ) : near.some((x) => x.roomId === room.id || x.roomId === null) ? (
                                  <span className="block rounded-xl bg-slate-100 p-2 text-xs text-slate-700">
                                    Not free: too close to a party
                                  </span>
                                ) : (
                                  <span className="block rounded-xl border border-dashed border-slate-300 p-2 text-xs text-slate-600">
                                    Free
                                  </span>
                                )}
                              </td>
                            );
                          })
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
      {week.cancelled.length > 0 ? (
        <section aria-labelledby="party-week-cancelled" className="rounded-2xl border border-slate-200 bg-white p-3">
          <h3 id="party-week-cancelled" className="font-bold text-slate-800">
            Cancelled this week
          </h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {week.cancelled.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onOpen(p.id)}
                  className="w-full rounded-xl border border-slate-200 p-2 text-left text-sm hover:bg-slate-50"
                >
                  <span className="font-semibold">{p.childFirstName}</span> · {longDayMonth(p.date)} · {p.slotLabel} ·{' '}
                  {p.reference}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
