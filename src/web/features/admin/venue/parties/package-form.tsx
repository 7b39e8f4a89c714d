import type { FormEvent } from 'react';
import type { PartiesDocument, PartyPackage } from '../../../../../shared/catalogue';
import { partiesEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { MoneyField, TextArea, TextField } from '../../components/fields';
import { linesOf, textOfLines } from '../lines';
import { penceOr0, penceToPounds, poundsErrors } from '../money';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';
import { partiesInput, useSaveParties } from './save-parties';

const packageSchema = partiesEditSchema.shape.packages.element;
const counts = ['freeAdults', 'minChildren', 'maxChildren'] as const;

/** One party package (its id is fixed: the party enquiry form refers to it). */
export function PackageForm({
  pkg,
  doc,
  version,
  onStale,
  onSaved,
}: {
  pkg: PartyPackage;
  doc: PartiesDocument;
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({
    name: pkg.name,
    perChildPence: penceToPounds(pkg.perChildPence),
    hours: pkg.hours,
    freeAdults: String(pkg.freeAdults),
    minChildren: String(pkg.minChildren),
    maxChildren: String(pkg.maxChildren),
    includes: textOfLines(pkg.includes),
  });
  const save = useSaveParties();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(packageSchema, {
      input: (v) => ({
        id: pkg.id,
        name: v.name,
        perChildPence: penceOr0(v.perChildPence),
        hours: v.hours,
        freeAdults: wholeOr0(v.freeAdults),
        minChildren: wholeOr0(v.minChildren),
        maxChildren: wholeOr0(v.maxChildren),
        includes: linesOf(v.includes),
      }),
      also: (v) => ({ ...poundsErrors(v, ['perChildPence']), ...wholeErrors(v, counts) }),
    });
    if (!parsed.ok) return;
    const packages = doc.packages.map((p) => (p.id === pkg.id ? parsed.data : p));
    save.mutate(partiesInput(doc, version, { packages }), {
      onSuccess: () => {
        onSaved();
        toast({ title: 'Package saved', description: `${parsed.data.name} is updated on the party pages.` });
      },
      onError: (err) => reportEditError(err, { what: 'Package', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Package ${pkg.name}`} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('name')} label="Name" maxLength={40} />
        <MoneyField {...f.text('perChildPence')} label="Price per child (£)" />
        <TextField {...f.text('hours')} label="Length" maxLength={30} hint="As families read it, e.g. 2 hours." />
        <TextField {...f.text('freeAdults')} label="Adults free" inputMode="numeric" />
        <TextField {...f.text('minChildren')} label="Fewest children" inputMode="numeric" />
        <TextField {...f.text('maxChildren')} label="Most children" inputMode="numeric" />
      </div>
      <TextArea {...f.text('includes')} label="What it includes" rows={5} hint="One item a line." />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save package'}
        <span className="sr-only"> {pkg.name}</span>
      </button>
    </form>
  );
}
