import type { FormEvent } from 'react';
import type { VenueDocument } from '../../../../../shared/catalogue';
import { venueEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { TextArea } from '../../components/fields';
import { linesOf, textOfLines } from '../lines';
import { useEditForm } from '../use-edit-form';
import { useSaveVenue, type VenueFormProps } from './save-venue';

const directionsSchema = venueEditSchema.shape.directions.unwrap();

/** How to find the venue: by road (step by step), parking, bus and train. */
export function DirectionsForm({ value, version, onStale, onSaved }: VenueFormProps<VenueDocument['directions']>) {
  const f = useEditForm({ ...value, steps: textOfLines(value.steps) });
  const save = useSaveVenue();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(directionsSchema, { input: (v) => ({ ...v, steps: linesOf(v.steps) }) });
    if (!parsed.ok) return;
    save.mutate(
      { version, directions: parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: 'Directions saved', description: 'The Find Us page shows the new directions.' });
        },
        onError: (err) => reportEditError(err, { what: 'Directions', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Directions" className="space-y-4">
      <TextArea {...f.text('motorway')} label="From the motorway" maxLength={300} />
      <TextArea {...f.text('steps')} label="Steps" rows={5} hint="One step a line, at most 10." />
      <TextArea {...f.text('parking')} label="Parking" maxLength={300} />
      <TextArea {...f.text('bus')} label="By bus" maxLength={300} />
      <TextArea {...f.text('train')} label="By train" maxLength={300} />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save directions'}
      </button>
    </form>
  );
}
