import { Ban } from 'lucide-react';
import { useId, type FormEvent, type RefObject } from 'react';
import {
  allDaySlot,
  createRestrictionSchema,
  restrictionMissingMessage,
} from '../../../../shared/contracts/admin-calendar';
import type { SessionView } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAddRestriction } from '../api/admin-calendar-api';
import { todayInLondon } from '../../../../shared/dates';
import { longDate } from '../../../../shared/date-text';

type Fields = { date?: never; timeSlot: string; reason: string; description: string };

const reasons = ['Private party', 'Private hire', 'Staff training', 'Maintenance', 'Closed'];
// A time slot is one of the catalogue's sessions (by id) or the whole day.
const slotName = (sessions: readonly SessionView[], slot: string) =>
  slot === allDaySlot ? 'The whole day' : (sessions.find((s) => s.id === slot)?.label ?? slot);

/**
 * "Block slot" (SPEC.md section 5): date, time slot and reason are required, description optional.
 * The date can also be picked by tapping a day in the calendar beside the form.
 */
export function RestrictionForm({
  date,
  onDateChange,
  slotRef,
}: {
  date: string;
  onDateChange: (iso: string) => void;
  slotRef: RefObject<HTMLSelectElement | null>;
}) {
  const id = useId();
  const { sessions } = useCatalogue();
  const add = useAddRestriction();
  // The date is the parent's (the calendar beside the form sets it too): only its message is kept here.
  const { values, errors, set, check, reset } = useZodForm<Fields>({ timeSlot: '', reason: '', description: '' });
  const { timeSlot, reason, description } = values;
  const dateError = errors.date;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date || !timeSlot || !reason.trim()) {
      toast({ title: 'Missing Information', description: restrictionMissingMessage, variant: 'destructive' });
      return;
    }
    const parsed = check(createRestrictionSchema, { input: (v) => ({ date, ...v }) });
    if (!parsed.ok) return;
    add.mutate(parsed.data, {
      onSuccess: (res) => {
        const n = res.affectedBookings;
        const affected =
          n > 0
            ? ` ${n} existing ${n === 1 ? 'booking holds' : 'bookings hold'} places then: please contact ${n === 1 ? 'that family' : 'those families'}.`
            : '';
        toast({
          title: 'Restriction added',
          description: `${slotName(sessions, timeSlot)} on ${longDate(date)} is blocked for booking.${affected}`,
        });
        onDateChange('');
        reset();
      },
      onError: (err) => toast({ title: 'Failed to add restriction', description: err.message, variant: 'destructive' }),
    });
  }

  const field = 'mb-1 block font-semibold text-slate-900';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        Block a time slot
      </h3>
      <div>
        <label htmlFor={`${id}-date`} className={field}>
          Date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={textInput}
          min={todayInLondon(new Date())}
          value={date}
          onChange={(e) => onDateChange(e.target.value)}
          aria-invalid={!!dateError}
          aria-describedby={dateError ? `${id}-date-err` : undefined}
        />
        <FieldError id={`${id}-date-err`} message={dateError} />
      </div>
      <div>
        <label htmlFor={`${id}-slot`} className={field}>
          Time slot
        </label>
        <select
          ref={slotRef}
          id={`${id}-slot`}
          className={textInput}
          value={timeSlot}
          onChange={(e) => set('timeSlot', e.target.value)}
        >
          <option value="">Choose a time slot</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
          <option value={allDaySlot}>All day</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className={field}>
          Reason
        </label>
        <input
          id={`${id}-reason`}
          className={textInput}
          list={`${id}-reasons`}
          maxLength={120}
          value={reason}
          onChange={(e) => set('reason', e.target.value)}
          aria-invalid={!!errors.reason}
          aria-describedby={errors.reason ? `${id}-reason-err` : undefined}
        />
        <datalist id={`${id}-reasons`}>
          {reasons.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <FieldError id={`${id}-reason-err`} message={errors.reason} />
      </div>
      <div>
        <label htmlFor={`${id}-desc`} className={field}>
          Description <span className="font-normal text-slate-700">(optional)</span>
        </label>
        <textarea
          id={`${id}-desc`}
          rows={3}
          className={textInput}
          maxLength={1000}
          value={description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={!!errors.description}
          aria-describedby={errors.description ? `${id}-desc-err` : undefined}
        />
        <FieldError id={`${id}-desc-err`} message={errors.description} />
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={add.isPending}>
        <Ban aria-hidden className="h-5 w-5" />
        {add.isPending ? 'Adding...' : 'Add Restriction'}
      </button>
    </form>
  );
}
