import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { EventSummary, eventQueueFiguresSchema, eventSheetSchema } from '../../../../shared/contracts/events';
import { apiGet, apiPost } from '../../../lib/api';
import { toast } from '../../../components/ui/toast-store';
import { useSignInAgainOn } from '../api/staff-query';
import { EmptyState, PanelHeader } from '../components/panel-parts';
import { formatDayAndTime, formatTime } from '../lib/format';
import { useStaffMe } from '../../../api/staff-session';
import { secondaryButton } from '../../../components/ui/primitives';
import { EventEditor } from './event-editor';

type Figures = z.infer<typeof eventQueueFiguresSchema>;
type Sheet = z.infer<typeof eventSheetSchema>;

/**
 * Special events (issue 51): the queue's live figures (asked every 3 seconds while the tab is open) and the
 * event sheet per slot, with each child's first name and age for the presents; an admin creates and edits events.
 */
export function EventsTab() {
  const events = useQuery({
    queryKey: ['/api/events'],
    queryFn: () => apiGet<{ events: EventSummary[] }>('/api/events'),
  });
  const [picked, setPicked] = useState<string | null>(null);
  // What the admin is editing: 'new', an event's id, or nothing (the live view).
  const [editing, setEditing] = useState<string | null>(null);
  const me = useStaffMe().data;
  const isAdmin = me?.signedIn === true && me.kind === 'staff' && me.role === 'admin';
  const id = picked ?? events.data?.events[0]?.id ?? null;
  if (editing)
    return (
      <section aria-labelledby="events-heading" className="space-y-4">
        <PanelHeader id="events-heading" title="Special Events" intro="Create or change an event and its slots." />
        <EventEditor
          key={editing}
          id={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved) setPicked(saved);
            setEditing(null);
          }}
        />
      </section>
    );
  return (
    <section aria-labelledby="events-heading" className="space-y-4">
      <PanelHeader
        id="events-heading"
        title="Special Events"
        intro="The queue as it runs, and who is coming to each slot."
      />
      {isAdmin ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => setEditing('new')}>
            New event
          </button>
          {id ? (
            <button type="button" className={secondaryButton} onClick={() => setEditing(id)}>
              Edit this event
            </button>
          ) : null}
        </div>
      ) : null}
      {events.data && events.data.events.length === 0 ? (
        <EmptyState title="No events coming">Events with a slot still to come show here.</EmptyState>
      ) : null}
      {events.data && events.data.events.length > 1 ? (
        <label className="block font-semibold text-slate-900">
          Event{' '}
          <select value={id ?? ''} onChange={(e) => setPicked(e.target.value)} className="ml-2 rounded border p-2">
            {events.data.events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {id ? <EventStaffView id={id} /> : null}
    </section>
  );
}

function EventStaffView({ id }: { id: string }) {
  const figures = useQuery({
    queryKey: ['/api/admin/events', id, 'queue'],
    queryFn: () => apiGet<Figures>(`/api/admin/events/${id}/queue`),
    refetchInterval: 3000,
  });
  const sheet = useQuery({
    queryKey: ['/api/admin/events', id, 'sheet'],
    queryFn: () => apiGet<Sheet>(`/api/admin/events/${id}/sheet`),
    refetchInterval: 15_000,
  });
  useSignInAgainOn(figures.error ?? sheet.error);
  const f = figures.data;
  return (
    <div className="space-y-4">
      {f ? (
        <dl aria-live="polite" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {(
            [
              ['Waiting', f.waiting],
              ['Admitted', f.admitted],
              ['Places sold', f.sold],
              ['Places held', f.held],
              ['Places left', f.placesLeft],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-white p-3 shadow-sm">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {sheet.data?.slots.map((s) => (
        <div key={s.id} className="rounded-xl bg-white p-3 shadow-sm">
          <h3 className="font-bold text-slate-900">
            {formatDayAndTime(s.startsAt)}: {s.taken} of {s.places} places
          </h3>
          {s.families.length ? (
            <ul className="mt-2 space-y-1 text-slate-900">
              {s.families.map((fam) => (
                <li key={fam.bookingId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span>
                    {fam.children.map((c) => `${c.firstName} (${c.age})`).join(', ') || 'No children'}
                    {fam.adults ? ` + ${fam.adults} grown-ups` : ''} - {fam.email} - {fam.reference}
                    {fam.status === 'held' ? ' (paying now)' : ''}
                  </span>
                  <CheckInButton eventId={id} family={fam} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-700">Nobody yet.</p>
          )}
        </div>
      ))}
    </div>
  );
}

type Family = Sheet['slots'][number]['families'][number];

/** Checks a paid family in (once, audited by the server); shows when, once in. */
function CheckInButton({ eventId, family }: { eventId: string; family: Family }) {
  const client = useQueryClient();
  const checkIn = useMutation({
    mutationFn: () =>
      apiPost<{ checkedInAt: string }>(`/api/admin/events/${eventId}/bookings/${family.bookingId}/check-in`, {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/api/admin/events', eventId, 'sheet'] }),
    onError: (err) => toast({ title: 'Not checked in', description: err.message, variant: 'destructive' }),
  });
  if (family.checkedInAt)
    return <span className="font-semibold text-brand-800">Checked in {formatTime(family.checkedInAt)}</span>;
  if (family.status !== 'paid') return null;
  const who = family.children.map((c) => c.firstName).join(', ') || family.email;
  return (
    <button
      type="button"
      className={secondaryButton}
      disabled={checkIn.isPending}
      aria-label={`Check in ${who} (${family.reference})`}
      onClick={() => checkIn.mutate()}
    >
      Check in
    </button>
  );
}
