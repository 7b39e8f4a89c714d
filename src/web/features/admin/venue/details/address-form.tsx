import type { FormEvent } from 'react';
import type { VenueAddress } from '../../../../../shared/catalogue';
import { venueEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { TextField } from '../../components/fields';
import { useEditForm } from '../use-edit-form';
import { useSaveVenue, type VenueFormProps } from './save-venue';

const addressSchema = venueEditSchema.shape.address.unwrap();

/** The address on every page, the directions and the e-mails. */
export function AddressForm({ value, version, onStale, onSaved }: VenueFormProps<VenueAddress>) {
  const f = useEditForm({ line1: value.line1, town: value.town, county: value.county, postcode: value.postcode });
  const save = useSaveVenue();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(addressSchema);
    if (!parsed.ok) return;
    save.mutate(
      { version, address: parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: 'Address saved', description: `${parsed.data.line1}, ${parsed.data.postcode}.` });
        },
        onError: (err) => reportEditError(err, { what: 'Address', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Address" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('line1')} label="Street address" autoComplete="off" maxLength={120} />
        <TextField {...f.text('town')} label="Town" autoComplete="off" maxLength={60} />
        <TextField {...f.text('county')} label="County" autoComplete="off" maxLength={60} />
        <TextField {...f.text('postcode')} label="Postcode" autoComplete="off" maxLength={10} />
      </div>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save address'}
      </button>
    </form>
  );
}
