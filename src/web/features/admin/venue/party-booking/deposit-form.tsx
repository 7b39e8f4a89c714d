import type { FormEvent } from 'react';
import type { PartyBookingDocument } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { MoneyField, TextField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { penceToPounds, poundsToPence } from '../money';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';
import { useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ depositPence: true, holdMinutes: true, privateHireMinChildren: true });
type Value = Pick<PartyBookingDocument, 'depositPence' | 'holdMinutes' | 'privateHireMinChildren'>;

/**
 * The deposit a family pays to hold a party, how long the room is held while they pay, and Private Hire's
 * fewest children. Parties already booked keep the deposit they were sold with.
 */
export function DepositForm({
  value,
  version,
  onStale,
  onSaved,
  privateHireMax,
}: VenueFormProps<Value> & {
  privateHireMax: number;
}) {
  const f = useEditForm({
    depositPence: penceToPounds(value.depositPence),
    holdMinutes: String(value.holdMinutes),
    privateHireMinChildren: String(value.privateHireMinChildren),
  });
  const save = useSavePartyBooking();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(schema, {
      // A deposit that is not pounds is left out of the schema's check (never sent as £0, which would
      // break every online booking) and said by `also`: an empty box asks for the deposit.
      input: (v) => {
        const deposit = poundsToPence(v.depositPence);
        return {
          ...(deposit.ok ? { depositPence: deposit.pence } : {}),
          holdMinutes: wholeOr0(v.holdMinutes),
          privateHireMinChildren: wholeOr0(v.privateHireMinChildren),
        };
      },
      also: (v) => {
        const deposit = poundsToPence(v.depositPence);
        const depositMessage =
          v.depositPence.trim() === '' ? 'Please enter the deposit' : deposit.ok ? undefined : deposit.message;
        return {
          ...wholeErrors(v, ['holdMinutes', 'privateHireMinChildren']),
          ...(depositMessage ? { depositPence: depositMessage } : {}),
        };
      },
    });
    if (!parsed.ok) return;
    const { depositPence, holdMinutes } = parsed.data;
    save.mutate(
      { version, ...parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Deposit and hold saved',
            description: `New parties pay a ${formatPence(depositPence ?? 0)} deposit, with ${holdMinutes} minutes to pay it.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Deposit and hold', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Deposit and hold" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <MoneyField
          {...f.text('depositPence')}
          label="Deposit (£)"
          hint="From £1 to £1,000. A party costing less pays its whole price."
        />
        <TextField
          {...f.text('holdMinutes')}
          label="Minutes to pay"
          inputMode="numeric"
          hint="How long the room is held: 5 to 120."
        />
        <TextField
          {...f.text('privateHireMinChildren')}
          label="Private Hire: fewest children"
          inputMode="numeric"
          hint={`From 1 to ${privateHireMax}, its most.`}
        />
      </div>
      <p className="rounded-2xl bg-slate-50 p-3 text-slate-800">
        The deposit is shown on the party booking page and taken when the family books. Parties already booked keep the
        deposit they paid.
      </p>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save deposit and hold'}
      </button>
    </form>
  );
}
