import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { DateAvailability } from '../../../../shared/contracts/booking';
import {
  MAX_WAITING_PLACES,
  type FamilyWaitingEntry,
  type WaitingListJoinInput,
} from '../../../../shared/contracts/waiting-list';
import { longDate } from '../../../../shared/date-text';
import { Link } from '../../../app/router';
import { useFamilySession } from '../../../api/family-session';
import { ConfirmEmailForm } from '../../../components/family/confirm-email-form';
import { FieldError, primaryButton, Spinner, textInput } from '../../../components/ui/primitives';
import { ApiError, apiPost } from '../../../lib/api';

/** The sessions of a date that are open but have no room for `places`: the ones a family may wait for. */
export function fullSessions(day: DateAvailability | undefined, places: number) {
  return (day?.sessions ?? []).filter((s) => !s.blocked && s.remaining >= 0 && s.remaining < Math.max(places, 1));
}

const clampPlaces = (n: number) => Math.min(MAX_WAITING_PLACES, Math.max(1, n));

const PANEL_ID = 'join-waiting-list';

/** Under the session choice, when a session is full: where to join its waiting list. */
export function WaitingListHint({ day, places }: { day: DateAvailability | undefined; places: number }) {
  if (fullSessions(day, places).length === 0) return null;
  return (
    <p className="flex items-start gap-2 text-slate-800">
      <Hourglass aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>
        A session is full?{' '}
        <a href={`#${PANEL_ID}`} className="font-semibold text-brand-800 underline">
          Join its waiting list
        </a>{' '}
        and we will e-mail you if places come up.
      </span>
    </p>
  );
}

/**
 * "Join the waiting list" below the booking form the session choice when a session is full (issue 29). Only with a proven
 * address: a family not signed in confirms its e-mail first with the usual code.
 */
export function JoinWaitingList({
  date,
  day,
  places,
  email,
}: {
  date: string;
  day: DateAvailability | undefined;
  places: number;
  email: string;
}) {
  const id = useId();
  const full = fullSessions(day, places);
  const family = useFamilySession();
  const [chosen, setChosen] = useState('');
  const [count, setCount] = useState(String(clampPlaces(places)));
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: (input: WaitingListJoinInput) => apiPost<FamilyWaitingEntry>('/api/waiting-list', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/family', 'waiting-list'] }),
  });
  if (full.length === 0) return null;
  const sessionId = full.some((s) => s.id === chosen) ? chosen : full[0]!.id;
  const error = join.error instanceof ApiError ? join.error : null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    join.mutate({ date, sessionId, places: Number(count) });
  }

  return (
    <section
      id={PANEL_ID}
      aria-labelledby={`${id}-title`}
      data-testid="join-waiting-list"
      className="mt-6 scroll-mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Hourglass aria-hidden className="h-5 w-5 text-brand-700" />
        Session full? Join the waiting list
      </h2>
      <p className="mt-1 text-slate-800">
        If places come up, we will e-mail you and hold them for you for 2 hours, with a link straight to booking.
      </p>
      {join.isSuccess ? (
        <p role="status" className="mt-3 font-semibold text-slate-900">
          You are on the waiting list for {join.data.sessionLabel} on {longDate(join.data.date)} (number{' '}
          {join.data.position}). You can see it or leave it in{' '}
          <Link to="/my-bookings" className="text-brand-800 underline">
            My Bookings
          </Link>
          .
        </p>
      ) : family.isPending ? null : !family.data ? (
        <div className="mt-3">
          <p className="mb-2 text-slate-800">First, please confirm your e-mail address, so we know where to write.</p>
          <ConfirmEmailForm idPrefix="waiting-list" initialEmail={email} />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          {full.length > 1 ? (
            <div className="sm:col-span-2">
              <label htmlFor={`${id}-session`} className="block font-semibold text-slate-900">
                Session
              </label>
              <select
                id={`${id}-session`}
                className={`${textInput} mt-1`}
                value={sessionId}
                onChange={(e) => setChosen(e.target.value)}
              >
                {full.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="text-slate-800 sm:col-span-2">
              Session: <strong>{full[0]!.label}</strong>
            </p>
          )}
          <div>
            <label htmlFor={`${id}-places`} className="block font-semibold text-slate-900">
              Places needed
            </label>
            <input
              id={`${id}-places`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WAITING_PLACES}
              className={`${textInput} mt-1`}
              value={count}
              aria-invalid={!!error?.fields?.places}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          <button type="submit" className={primaryButton} disabled={join.isPending}>
            {join.isPending ? (
              <Spinner label="Joining..." className="py-0 text-white [&_svg]:text-white" />
            ) : (
              'Join the waiting list'
            )}
          </button>
          <div className="sm:col-span-2">
            <FieldError
              id={`${id}-error`}
              message={
                join.isError
                  ? (error?.fields?.places?.[0] ?? error?.message ?? 'We could not reach the venue. Please try again.')
                  : undefined
              }
            />
          </div>
        </form>
      )}
    </section>
  );
}
