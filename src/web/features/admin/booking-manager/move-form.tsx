import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { staffMoveSchema } from '../../../../shared/contracts/booking-manager';
import { longDate } from '../../../../shared/date-text';
import { useCatalogue } from '../../../app/catalogue';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStaffMove } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';
import { TextField } from '../components/fields';
import { MoveWhenFields } from '../components/move-when-fields';
import { ActionSubmit, Refusal, StaffActionForm } from '../components/staff-action-form';

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
  const { values, errors, set, check } = useZodForm(
    { visitDate, sessionId: sessionId ?? sessions[0]?.id ?? '', reason: '' },
    { afterChange: 'clear' },
  );

  function submit() {
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
    <StaffActionForm id={fid} title="Move booking" onSubmit={submit}>
      <p className="mt-1 text-sm text-slate-700">
        Only to a session at the same price with room for the children; the family is e-mailed a new ticket and the old
        one stops working.
      </p>
      <MoveWhenFields
        id={fid}
        date={values.visitDate}
        onDate={(v) => set('visitDate', v)}
        dateError={errors.visitDate}
        timeLabel="New session"
        time={values.sessionId}
        onTime={(v) => set('sessionId', v)}
        times={sessions}
      />
      <div className="mt-3">
        <TextField
          id={`${fid}-reason`}
          label="Note for the staff history (optional)"
          maxLength={500}
          value={values.reason}
          onChange={(v) => set('reason', v)}
        />
      </div>
      <ActionSubmit icon={CalendarClock} pending={move.isPending} pendingLabel="Moving..." label="Move booking" />
      <Refusal text={refusal} />
    </StaffActionForm>
  );
}
