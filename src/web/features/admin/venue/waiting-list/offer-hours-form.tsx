import type { FormEvent } from 'react';
import {
  MAX_OFFER_HOURS,
  MIN_OFFER_HOURS,
  OFFER_CUTOFF_MINUTES,
  waitingListSettingsSchema,
  type WaitingListSettings,
} from '../../../../../shared/contracts/waiting-list';
import { toast } from '../../../../components/ui/toast-store';
import { TextField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';
import { useSaveWaitingList } from './save-waiting-list';

const hoursText = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/**
 * How long an offer holds its places for the family offered. The server uses the saved value for offers
 * made from then on; an offer already made keeps its end, and every offer still ends at its session's start.
 */
export function OfferHoursForm({ value, version, onStale, onSaved }: VenueFormProps<WaitingListSettings>) {
  const f = useEditForm({ offerHours: String(value.offerHours) });
  const save = useSaveWaitingList();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(waitingListSettingsSchema, {
      input: (v) => ({ offerHours: wholeOr0(v.offerHours) }),
      also: (v) => wholeErrors(v, ['offerHours']),
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, ...parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Waiting list saved',
            description: `New offers hold their places for ${hoursText(parsed.data.offerHours)}.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Waiting list', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Waiting list offers" className="space-y-4">
      <TextField
        {...f.text('offerHours')}
        label="Hours an offer holds the places"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        hint={`From ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}.`}
      />
      <p className="rounded-2xl bg-slate-50 p-3 text-slate-800">
        An offer always ends when its session starts, if that is sooner, and no offer is made in the last{' '}
        {OFFER_CUTOFF_MINUTES} minutes before a session. A change applies to offers made from now on; offers already
        sent keep their time.
      </p>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save offer time'}
      </button>
    </form>
  );
}
