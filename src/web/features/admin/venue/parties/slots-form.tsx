import type { FormEvent } from 'react';
import type { PartiesDocument } from '../../../../../shared/catalogue';
import { partiesEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { TextArea } from '../../components/fields';
import { linesOf, textOfLines } from '../lines';
import { useEditForm } from '../use-edit-form';
import { partiesInput, useSaveParties } from './save-parties';

const slotsSchema = partiesEditSchema.pick({ slots: true });

/** The times a party can start, offered on the party enquiry form. */
export function SlotsForm({
  doc,
  version,
  onStale,
  onSaved,
}: {
  doc: PartiesDocument;
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({ slots: textOfLines(doc.slots) });
  const save = useSaveParties();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(slotsSchema, { input: (v) => ({ slots: linesOf(v.slots) }) });
    if (!parsed.ok) return;
    save.mutate(partiesInput(doc, version, { slots: parsed.data.slots }), {
      onSuccess: () => {
        onSaved();
        toast({ title: 'Party times saved', description: `${parsed.data.slots.length} party times are offered.` });
      },
      onError: (err) => reportEditError(err, { what: 'Party times', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Party times" className="space-y-4">
      <TextArea
        {...f.text('slots')}
        label="Party times"
        rows={5}
        hint="One a line, as families read them, e.g. 9:30 AM - 11:30 AM."
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save party times'}
      </button>
    </form>
  );
}
