import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { staffMoveSchema } from '../../../../shared/contracts/booking-manager';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { toast } from '../../../components/ui/toast-store';
import type { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStaffMove } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';
import { TextField } from '../components/fields';
import { MoveWhenFields } from '../components/move-when-fields';
import { ActionSubmit, Refusal, StaffActionForm } from '../components/staff-action-form';

/**
 * Staff move a confirmed booking to another date or session. The server allows it only at the same
 * price and with room there; its refusal ("The prices differ...", "that session is now full") is shown
 * under the button. A booking a membership pays for, moved to a day the membership no longer covers (its band of
 * days, its period, a visit already used that day), answers the difference the family would pay: staff see it and
 * may confirm the move, the amount then owed on the booking (taken at the desk). On success the family is e-mailed
 * a new ticket and the detail reloads.
 */
export function MoveForm({ id, visitDate, sessionId }: { id: string; visitDate: string; sessionId: string | null }) {
  const fid = useId();
  const { sessions } = useCatalogue();
  const move = useStaffMove(id);
  useSignInAgainOn(move.error);
  const [refusal, setRefusal] = useState('');
  /** The difference the server asked to confirm, for the date and session it was asked for. */
  const [difference, setDifference] = useState<{ pence: number; for: string } | null>(null);
  const { values, errors, set, check } = useZodForm(
    { visitDate, sessionId: sessionId ?? sessions[0]?.id ?? '', reason: '' },
    { afterChange: 'clear' },
  );

  const target = `${values.visitDate}|${values.sessionId}`;
  const confirming = difference && difference.for === target ? difference.pence : undefined;

  function submit() {
    setRefusal('');
    const parsed = check(staffMoveSchema, {
      input: (v) => ({
        visitDate: v.visitDate,
        sessionId: v.sessionId,
        reason: v.reason || undefined,
        confirmDifferencePence: confirming,
      }),
    });
    if (!parsed.ok) return;
    move.mutate(parsed.data, {
      onSuccess: (res) => {
        setDifference(null);
        const label = sessions.find((s) => s.id === res.sessionId)?.label ?? res.sessionId;
        const due = res.duePence > 0 ? ` Take ${formatPence(res.duePence)} at the desk.` : '';
        toast({
          title: 'Booking moved',
          description: `To ${longDate(res.visitDate)}, ${label}. New ticket e-mailed.${due}`,
        });
      },
      onError: (err) => {
        setRefusal(err.message);
        const pence = (err as ApiError).current as { differencePence?: number } | undefined;
        setDifference(pence?.differencePence ? { pence: pence.differencePence, for: target } : null);
      },
    });
  }

  return (
    <StaffActionForm id={fid} title="Move booking" onSubmit={submit}>
      <p className="mt-1 text-sm text-slate-700">
        Only to a session at the same price with room for the children (a membership&apos;s booking: or with the
        difference it no longer pays, once you confirm it); the family is e-mailed a new ticket and the old one stops
        working.
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
      <ActionSubmit
        icon={CalendarClock}
        pending={move.isPending}
        pendingLabel="Moving..."
        label={confirming ? `Move, the family pays ${formatPence(confirming)} more` : 'Move booking'}
        tone={confirming ? 'danger' : 'plain'}
      />
      <Refusal text={refusal} />
    </StaffActionForm>
  );
}
