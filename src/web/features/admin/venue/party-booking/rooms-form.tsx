import type { FormEvent } from 'react';
import type { PartyRoom } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { RowsField } from '../rows-field';
import { useEditForm } from '../use-edit-form';
import { newRowId, useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ rooms: true });
/** A row as typed: an added one has no id until it is saved. */
type Row = { id?: string; name: string };

/**
 * The party rooms: a package party takes one, Private Hire all of them. A row keeps its id when renamed
 * (its parties stay in it); an added row gets a new one. The server refuses to remove a room with parties
 * booked in it and says which dates.
 */
export function RoomsForm({ value, version, onStale, onSaved }: VenueFormProps<PartyRoom[]>) {
  const f = useEditForm({ rooms: value.map((r): Row => ({ id: r.id, name: r.name })) });
  const save = useSavePartyBooking();
  const rooms = (v: typeof f.values) =>
    v.rooms
      .map((r) => ({ id: r.id ?? '', name: r.name.trim() }))
      // Only a blank row just added is left out: a saved room blanked is a field error ("Please enter the
      // room's name"), never a removal (its parties would lose their room); the Remove button removes.
      .filter((r) => r.name !== '' || r.id !== '')
      .map((r) => ({ ...r, id: r.id || newRowId('room') }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const sent = rooms(f.values);
    const parsed = f.check(schema, { input: () => ({ rooms: sent }) });
    if (!parsed.ok) return;
    save.mutate(
      { version, rooms: sent },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Party rooms saved',
            description: `${sent.length} ${sent.length === 1 ? 'room' : 'rooms'} can be booked.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Party rooms', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Party rooms" className="space-y-4">
      <RowsField
        id={f.fieldId('rooms')}
        legend="Rooms"
        hint="Each slot can hold one party a room. Renaming a room keeps its parties in it."
        columns={[{ key: 'name', label: 'Room name' }]}
        rows={f.values.rooms}
        onChange={(next) => f.set('rooms', next)}
        error={f.errors.rooms}
        max={20}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save party rooms'}
      </button>
    </form>
  );
}
