import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from '../../app/router';
import { LoadingBlock, PageShell, useHydrated } from '../../components/page-shell';
import { Card, primaryButton } from '../../components/ui/primitives';
import { ApiError } from '../../lib/api';
import { formatPence } from '../../../shared/money';
import type { EventDetail } from '../../../shared/contracts/events';
import { joinQueue, storedTicket, useEvent, useQueueState } from './events-api';
import { EventHoldStep } from './event-hold-step';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/London' });
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** /events/:id (issue 51): the event, its slots, the waiting room, then the family's details and payment. */
export function EventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  return (
    <PageShell title={event.data?.name ?? 'Special Event'} intro={event.data?.description}>
      {event.isPending ? (
        <LoadingBlock label="Loading the event..." className="h-64" />
      ) : event.isError ? (
        <p role="alert">We could not find that event.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <EventFacts event={event.data} />
          {event.data.usesQueue ? (
            <WaitingRoom event={event.data} />
          ) : (
            <EventHoldStep event={event.data} admission={null} />
          )}
        </div>
      )}
    </PageShell>
  );
}

function EventFacts({ event }: { event: EventDetail }) {
  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">Slots</h2>
      <p className="mt-1 text-slate-700">
        {formatPence(event.childPricePence)} a child, {formatPence(event.adultPricePence)} a grown-up. Up to{' '}
        {event.familyCap} places a family. On sale {when(event.onSaleAt)}.
      </p>
      <ul className="mt-3 space-y-1">
        {event.slots.map((s) => (
          <li key={s.id} className="flex justify-between gap-4 text-slate-900">
            <span>
              {new Date(s.startsAt).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' })}{' '}
              {time(s.startsAt)} ({s.lengthMinutes} min)
            </span>
            <span>{s.placesLeft > 0 ? `${s.placesLeft} left` : 'Full'}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function WaitingRoom({ event }: { event: EventDetail }) {
  const hydrated = useHydrated();
  const [joined, setTicket] = useState<string | null>(null);
  // The ticket survives a reload and the phone locking: kept in localStorage, read once the page is live.
  const ticket = joined ?? (hydrated ? storedTicket(event.id) : null);
  const [joining, setJoining] = useState(false);
  const [holding, setHolding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = useQueueState(event.id, ticket);
  const queryClient = useQueryClient();
  const status = state.data?.status;
  // The slots' places left are asked again whenever the family's standing changes (sold out, admitted).
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: ['/api/events', event.id], exact: true });
  }, [status, queryClient, event.id]);

  const join = async () => {
    setJoining(true);
    setError(null);
    try {
      setTicket(await joinQueue(event.id));
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : 'Please try again.');
    } finally {
      setJoining(false);
    }
  };

  if (!ticket)
    return (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">The waiting room</h2>
        <p className="mt-1 text-slate-700">
          It opens 30 minutes before the sale. Everyone waiting when the sale starts is put in a random order, so there
          is no need to rush; after that, families join the back in the order they arrive.
        </p>
        {error ? (
          <p role="alert" className="mt-3 font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <button type="button" className={`${primaryButton} mt-4 w-full sm:w-auto`} disabled={joining} onClick={join}>
          {joining ? 'Checking your browser...' : 'Join the queue'}
        </button>
      </Card>
    );
  const s = state.data;
  // Once this page holds places, its details and payment step stays, though the ticket now reads 'used'.
  if ((s?.status === 'admitted' && s.admission) || (holding && s?.status === 'used'))
    return <EventHoldStep event={event} admission={s.admission} onHeld={() => setHolding(true)} />;
  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">The waiting room</h2>
      <div aria-live="polite" className="mt-2 text-lg text-slate-900" data-testid="queue-status">
        {!s ? (
          'Finding your place...'
        ) : s.status === 'sold_out' ? (
          <p role="alert">Sorry, every place has gone. We will tell you here if any come back.</p>
        ) : s.status === 'expired' ? (
          <p>Your turn ran out. Please join the queue again.</p>
        ) : s.status === 'used' ? (
          <p>Your places are held: finish paying on the page where you chose them.</p>
        ) : s.position === null ? (
          <p>You are in the waiting room. When the sale starts, everyone here is put in a random order.</p>
        ) : (
          <p>
            You are number <strong>{s.position}</strong> in the queue
            {s.ahead ? ` (${s.ahead} waiting ahead of you)` : ': you are next'}
            {s.estimateSeconds !== null ? `, about ${Math.max(1, Math.ceil(s.estimateSeconds / 60))} min to go` : ''}.
          </p>
        )}
      </div>
    </Card>
  );
}
