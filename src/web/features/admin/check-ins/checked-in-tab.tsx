import { LogOut, Phone, TriangleAlert } from 'lucide-react';
import type { ActiveSession, OverAdmission } from '../../../../shared/contracts/admin';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useActiveSessions, useStaffCheckout } from '../api/active-sessions';
import { BookingChildren, RulesOfPlayPill } from '../components/booking-family';
import { Pill } from '../components/pill';
import { QueryState, UpdatedAt } from '../components/query-state';
import { formatMinutes, formatTime, plural } from '../lib/format';

/** Checked In (Active): who is in the barn now, how long they have left, and Check Out. */
export function CheckedInTab() {
  const query = useActiveSessions();
  const checkout = useStaffCheckout();
  const state = <QueryState query={query} what="who is checked in" />;
  if (!query.data) return state;
  const sessions = query.data.activeSessions;
  const children = sessions.reduce((n, s) => n + s.numberOfChildren, 0);
  const adults = sessions.reduce((n, s) => n + s.numberOfAdults, 0);

  const checkOut = (s: ActiveSession) =>
    checkout.mutate(s.bookingId, {
      onSuccess: (res) => toast({ title: 'Customer Checked Out', description: res.message }),
      // Already out (the family used the kiosk) or gone: the server's words are clearer than a retry hint.
      onError: (err) =>
        toast({
          title: 'Checkout Error',
          description:
            err instanceof ApiError && (err.status === 409 || err.status === 404)
              ? err.message
              : 'Failed to check out customer. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby="checked-in-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="checked-in-heading" className="text-xl font-bold text-slate-900">
            In the barn now
          </h2>
          <p className="text-slate-700">
            {plural(sessions.length, 'group')} · {plural(children, 'child', 'children')} · {plural(adults, 'adult')}
          </p>
        </div>
        <UpdatedAt query={query} what="the list" />
      </div>
      <OverAdmissions items={query.data.overAdmissions} />
      {sessions.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Nobody is checked in right now. Families appear here as soon as they check in at the kiosk.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {sessions.map((s) => (
            <SessionCard
              key={s.bookingId}
              session={s}
              busy={checkout.isPending && checkout.variables === s.bookingId}
              onCheckOut={() => checkOut(s)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** SPEC.md section 4: more than 30 minutes left is green, 1-30 yellow, otherwise Overtime. */
function TimeLeft({ minutes }: { minutes: number }) {
  if (minutes > 30) return <Pill tone="green">{formatMinutes(minutes)} left</Pill>;
  if (minutes >= 1) return <Pill tone="amber">{formatMinutes(minutes)} left</Pill>;
  return <Pill tone="red">Overtime{minutes < 0 ? ` by ${formatMinutes(minutes)}` : ''}</Pill>;
}

function SessionCard({
  session: s,
  busy,
  onCheckOut,
}: {
  session: ActiveSession;
  busy: boolean;
  onCheckOut: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold break-words text-slate-900">{s.customerName}</h3>
          <p className="text-sm text-slate-700">{s.walkIn ? 'Walk-in (paid at reception)' : s.reference}</p>
        </div>
        <TimeLeft minutes={s.timeRemaining} />
      </div>
      {s.rulesOfPlayAccepted === null ? null : (
        <div>
          <RulesOfPlayPill accepted={s.rulesOfPlayAccepted} />
        </div>
      )}
      <BookingChildren items={s.children} label={`Children with ${s.customerName}`} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Party</dt>
        <dd className="font-semibold text-slate-900">
          {plural(s.numberOfChildren, 'child', 'children')}, {plural(s.numberOfAdults, 'adult')}
        </dd>
        <dt className="text-slate-700">Checked in</dt>
        <dd className="font-semibold text-slate-900">{formatTime(s.checkedInAt)}</dd>
        <dt className="text-slate-700">Session ends</dt>
        <dd className="font-semibold text-slate-900">{formatTime(s.sessionEnd)}</dd>
      </dl>
      {s.customerPhone ? (
        <a
          href={`tel:${s.customerPhone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline"
        >
          <Phone aria-hidden className="h-4 w-4" />
          {s.customerPhone}
        </a>
      ) : null}
      <button
        type="button"
        onClick={onCheckOut}
        disabled={busy}
        aria-label={`Check Out ${s.customerName}`}
        className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-400"
      >
        <LogOut aria-hidden className="h-5 w-5" />
        {busy ? 'Checking out...' : 'Check Out'}
      </button>
    </li>
  );
}

/**
 * Tickets two kiosks let in while both were offline (issue 41): "1 over on PTB-7K3Q9X". Every check-in was
 * kept; the audit log names the device that admitted each.
 */
function OverAdmissions({ items }: { items: OverAdmission[] }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="over-admissions-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h3 id="over-admissions-heading" className="flex items-center gap-2 font-bold">
        <TriangleAlert aria-hidden className="h-5 w-5 text-amber-800" />
        Let in over their places while a kiosk was offline
      </h3>
      <ul className="mt-2 space-y-1">
        {items.map((o) => (
          <li key={o.bookingId}>
            <span className="font-semibold">
              {o.over} over on {o.reference}
            </span>{' '}
            <span className="text-slate-700">(by {o.devices.map((d) => d.replace(/^kiosk:/, '')).join(', ')})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
