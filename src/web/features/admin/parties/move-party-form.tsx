import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import {
  staffPartyMoveSchema,
  type PartyWeekResponse,
  type StaffPartySheet,
} from '../../../../shared/contracts/admin-parties';
import { longDate } from '../../../../shared/date-text';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { MoveWhenFields } from '../components/move-when-fields';
import { smallSecondary } from '../components/panel-parts';
import { Refusal, StaffActionForm } from '../components/staff-action-form';
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
  const slotIds = week.packages.find((p) => p.id === party.packageId)?.slotIds ?? [party.slotId];
  const slots = week.slots.filter((s) => slotIds.includes(s.id));
  const { values, errors, set, check } = useZodForm(
    { date: party.date, slotId: party.slotId },
    { afterChange: 'clear' },
  );

  function submit() {
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
    <StaffActionForm id={fid} title="Move party" onSubmit={submit}>
      <p className="mt-1 text-sm text-slate-700">
        To a free room at another date or time, at the price already agreed. The family is e-mailed.
      </p>
      <MoveWhenFields
        id={fid}
        lastDate={week.lastDate}
        date={values.date}
        onDate={(v) => set('date', v)}
        dateError={errors.date}
        timeLabel="New time"
        time={values.slotId}
        onTime={(v) => set('slotId', v)}
        times={slots}
      />
      <button type="submit" className={`${smallSecondary} mt-3`} disabled={move.isPending}>
        <CalendarClock aria-hidden className="h-4 w-4" />
        {move.isPending ? 'Moving...' : 'Move party'}
      </button>
      <Refusal text={refusal} />
    </StaffActionForm>
  );
}
