import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  staffPartyMoveSchema,
  type PartyWeekResponse,
  type StaffPartySheet,
} from '../../../../shared/contracts/admin-parties';
import { longDate } from '../../../../shared/date-text';
import { bookableRange } from '../../../../shared/dates';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { smallSecondary } from '../components/panel-parts';
import { useMoveParty } from './parties-api';

/**
 * Move a party to another date and time its package may use. The server gives it a free room under the
 * slot's lock and says so when there is none ("just taken"); the family is e-mailed the new time.
 */
export function MovePartyForm({ party, week }: { party: StaffPartySheet; week: PartyWeekResponse }) {
  const fid = useId();
  const move = useMoveParty(party.id);
  useSignInAgainOn(move.error);
  const [refusal, setRefusal] = useState('');
  const range = bookableRange(new Date());
  const slotIds = week.packages.find((p) => p.id === party.packageId)?.slotIds ?? [party.slotId];
  const slots = week.slots.filter((s) => slotIds.includes(s.id));
  const { values, errors, set, check } = useZodForm(
    { date: party.date, slotId: party.slotId },
    { afterChange: 'clear' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setRefusal('');
    const parsed = check(staffPartyMoveSchema);
    if (!parsed.ok) return;
    move.mutate(parsed.data, {
      onSuccess: (res) => {
        const label = week.slots.find((s) => s.id === res.slotId)?.label ?? res.slotId;
        toast({
          title: 'Party moved',
          description: `To ${longDate(res.date)}, ${label}. The family has been e-mailed.`,
        });
      },
      onError: (err) => setRefusal(err.message),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${fid}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h4 id={`${fid}-title`} className="font-bold text-brand-800">
        Move party
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        To a free room at another date or time, at the price already agreed. The family is e-mailed.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${fid}-date`} className="mb-1 block font-semibold text-slate-900">
            New date
          </label>
          <input
            id={`${fid}-date`}
            type="date"
            className={textInput}
            min={range.from}
            max={range.to}
            value={values.date}
            onChange={(e) => set('date', e.target.value)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${fid}-date-err` : undefined}
          />
          <FieldError id={`${fid}-date-err`} message={errors.date} />
        </div>
        <div>
          <label htmlFor={`${fid}-slot`} className="mb-1 block font-semibold text-slate-900">
            New time
          </label>
          <select
            id={`${fid}-slot`}
            className={textInput}
            value={values.slotId}
            onChange={(e) => set('slotId', e.target.value)}
          >
            {slots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className={`${smallSecondary} mt-3`} disabled={move.isPending}>
        <CalendarClock aria-hidden className="h-4 w-4" />
        {move.isPending ? 'Moving...' : 'Move party'}
      </button>
      {refusal ? (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
