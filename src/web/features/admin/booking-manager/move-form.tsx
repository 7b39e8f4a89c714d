import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { staffMoveSchema } from '../../../../shared/contracts/booking-manager';
import { longDate } from '../../../../shared/date-text';
import { bookableRange } from '../../../../shared/dates';
import { useCatalogue } from '../../../app/catalogue';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStaffMove } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';

/**
 * Staff move a confirmed booking to another date or session. The server allows it only at the same
 * price and with room there; its refusal ("The prices differ...", "that session is now full") is shown
 * under the button. On success the family is e-mailed a new ticket and the detail reloads.
 */
export function MoveForm({ id, visitDate, sessionId }: { id: string; visitDate: string; sessionId: string | null }) {
  const fid = useId();
  const { sessions } = useCatalogue();
  const move = useStaffMove(id);
  useSignInAgainOn(move.error);
  const [refusal, setRefusal] = useState('');
  const range = bookableRange(new Date());
  const { values, errors, set, check } = useZodForm(
    { visitDate, sessionId: sessionId ?? sessions[0]?.id ?? '', reason: '' },
    { afterChange: 'clear' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setRefusal('');
    const parsed = check(staffMoveSchema, {
      input: (v) => ({ visitDate: v.visitDate, sessionId: v.sessionId, reason: v.reason || undefined }),
    });
    if (!parsed.ok) return;
    move.mutate(parsed.data, {
      onSuccess: (res) => {
        const label = sessions.find((s) => s.id === res.sessionId)?.label ?? res.sessionId;
        toast({ title: 'Booking moved', description: `To ${longDate(res.visitDate)}, ${label}. New ticket e-mailed.` });
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
        Move booking
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        Only to a session at the same price with room for the children; the family is e-mailed a new ticket and the old
        one stops working.
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
            value={values.visitDate}
            onChange={(e) => set('visitDate', e.target.value)}
            aria-invalid={errors.visitDate ? true : undefined}
            aria-describedby={errors.visitDate ? `${fid}-date-err` : undefined}
          />
          <FieldError id={`${fid}-date-err`} message={errors.visitDate} />
        </div>
        <div>
          <label htmlFor={`${fid}-session`} className="mb-1 block font-semibold text-slate-900">
            New session
          </label>
          <select
            id={`${fid}-session`}
            className={textInput}
            value={values.sessionId}
            onChange={(e) => set('sessionId', e.target.value)}
          >
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-3">
        <label htmlFor={`${fid}-reason`} className="mb-1 block font-semibold text-slate-900">
          Note for the staff history (optional)
        </label>
        <input
          id={`${fid}-reason`}
          className={textInput}
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      </div>
      <button
        type="submit"
        disabled={move.isPending}
        className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        <CalendarClock aria-hidden className="h-5 w-5" />
        {move.isPending ? 'Moving...' : 'Move booking'}
      </button>
      <p role="alert" className="mt-2 font-semibold text-red-800 empty:hidden">
        {refusal}
      </p>
    </form>
  );
}
