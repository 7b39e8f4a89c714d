import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { EventDetail } from '../../../shared/contracts/events';
import { formatPence } from '../../../shared/money';
import { useFamilySession } from '../../api/family-session';
import { ConfirmEmailForm } from '../../components/family/confirm-email-form';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PaymentStepCard } from '../../components/payment/payment-step-card';
import { Card, primaryButton, secondaryButton, textInput } from '../../components/ui/primitives';
import { ApiError, apiPost } from '../../lib/api';
import type { HeldPlaces } from './events-api';

type Child = { firstName: string; age: string; note: string };
const blank = (): Child => ({ firstName: '', age: '', note: '' });

/** The family's details (a slot, each child's first name and age, grown-ups), then the one payment step. */
export function EventHoldStep({
  event,
  admission,
  onHeld,
}: {
  event: EventDetail;
  admission: string | null;
  onHeld?: () => void;
}) {
  const [slotId, setSlotId] = useState(event.slots.find((s) => s.placesLeft > 0)?.id ?? '');
  const [children, setChildren] = useState<Child[]>([blank()]);
  const [adults, setAdults] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [needsEmail, setNeedsEmail] = useState(false);
  const [held, setHeld] = useState<HeldPlaces | null>(null);
  const [done, setDone] = useState<PaymentOutcome | null>(null);
  // A hold needs the family's proven address: asked first, so the hold is not refused for want of it.
  const session = useFamilySession();
  const queryClient = useQueryClient();
  const total = children.length * event.childPricePence + adults * event.adultPricePence;

  const hold = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (session.data) void holdNow();
    else setNeedsEmail(true);
  };
  const holdNow = async () => {
    try {
      const body = {
        admission: admission ?? undefined,
        slotId,
        adults,
        children: children.map((c) => ({ firstName: c.firstName, age: Number(c.age), note: c.note })),
      };
      setHeld(await apiPost<HeldPlaces>(`/api/events/${event.id}/hold`, body));
      onHeld?.();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'family_session_required') setNeedsEmail(true);
      else
        setError(
          err instanceof ApiError ? (Object.values(err.fields ?? {})[0]?.[0] ?? err.message) : 'Please try again.',
        );
    }
  };

  if (done && done.status !== 'failed')
    return (
      <Card>
        <div role="status">
          <h2 className="text-2xl font-bold text-brand-800">You are booked for {event.name}</h2>
        </div>
        <p className="mt-2 text-slate-800">
          Your places are paid: we are e-mailing your ticket with its reference. Staff have your children's first names
          and ages on the event's sheet.
        </p>
      </Card>
    );
  if (held)
    return (
      <PaymentStepCard
        title={`Pay for ${event.name}`}
        summary={
          <p className="text-slate-900">
            {held.places} places: {formatPence(held.totalPence)}, held for 10 minutes.
          </p>
        }
        onBack={() => setHeld(null)}
        clientSecret={held.clientSecret}
        returnPath={`/events/${event.id}`}
        amount={held.totalPence}
        onOutcome={(o) => {
          setDone(o);
          void queryClient.invalidateQueries({ queryKey: ['/api/events', event.id], exact: true });
        }}
        submitLabel="Pay"
      />
    );
  if (needsEmail)
    return (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">Confirm your e-mail address</h2>
        <ConfirmEmailForm
          idPrefix="event-email"
          onConfirmed={() => {
            setNeedsEmail(false);
            void holdNow();
          }}
        />
      </Card>
    );
  const setChild = (i: number, patch: Partial<Child>) =>
    setChildren((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">It is your turn: your family&apos;s details</h2>
      <form noValidate onSubmit={hold} className="mt-3 space-y-4">
        <fieldset className="min-w-0">
          <legend className="font-semibold text-slate-900">Slot</legend>
          {event.slots.map((s) => (
            <label key={s.id} className="mt-1 flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="slot"
                value={s.id}
                checked={slotId === s.id}
                disabled={s.placesLeft < 1}
                onChange={() => setSlotId(s.id)}
              />
              {new Date(s.startsAt).toLocaleString('en-GB', {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'Europe/London',
              })}{' '}
              ({s.placesLeft} left)
            </label>
          ))}
        </fieldset>
        {children.map((c, i) => (
          <fieldset key={i} className="min-w-0 rounded-xl border border-brand-100 p-3">
            <legend className="font-semibold text-slate-900">Child {i + 1}</legend>
            <label className="block text-slate-900" htmlFor={`child-${i}-name`}>
              First name
            </label>
            <input
              id={`child-${i}-name`}
              className={textInput}
              value={c.firstName}
              onChange={(e) => setChild(i, { firstName: e.target.value })}
            />
            <label className="mt-2 block text-slate-900" htmlFor={`child-${i}-age`}>
              Age (for the present)
            </label>
            <input
              id={`child-${i}-age`}
              inputMode="numeric"
              className={textInput}
              value={c.age}
              onChange={(e) => setChild(i, { age: e.target.value })}
            />
            <label className="mt-2 block text-slate-900" htmlFor={`child-${i}-note`}>
              Note (optional)
            </label>
            <input
              id={`child-${i}-note`}
              className={textInput}
              value={c.note}
              onChange={(e) => setChild(i, { note: e.target.value })}
            />
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={() => setChildren((cs) => [...cs, blank()])}>
            Add a child
          </button>
          {children.length > 1 ? (
            <button type="button" className={secondaryButton} onClick={() => setChildren((cs) => cs.slice(0, -1))}>
              Remove the last child
            </button>
          ) : null}
        </div>
        <label className="block text-slate-900" htmlFor="event-adults">
          Grown-ups
        </label>
        <input
          id="event-adults"
          inputMode="numeric"
          className={textInput}
          value={adults}
          onChange={(e) => setAdults(Math.max(0, Number(e.target.value) || 0))}
        />
        {error ? (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
          Hold {children.length + adults} places: {formatPence(total)}
        </button>
      </form>
    </Card>
  );
}
