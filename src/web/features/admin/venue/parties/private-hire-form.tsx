import type { FormEvent } from 'react';
import type { PartiesDocument } from '../../../../../shared/catalogue';
import { partiesEditSchema } from '../../../../../shared/contracts/catalogue';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { MoneyField, TextArea, TextField } from '../../components/fields';
import { penceOr0, penceToPounds, poundsErrors } from '../money';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';
import { partiesInput, useSaveParties } from './save-parties';

const hireSchema = partiesEditSchema.shape.privateHire;

/** Exclusive hire of the whole venue: its price, limits and the optional food. */
export function PrivateHireForm({
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
  const hire = doc.privateHire;
  const f = useEditForm({
    pricePence: penceToPounds(hire.pricePence),
    foodPerPersonPence: penceToPounds(hire.foodPerPersonPence),
    maxChildren: String(hire.maxChildren),
    maxAdults: String(hire.maxAdults),
    summary: hire.summary,
  });
  const save = useSaveParties();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(hireSchema, {
      input: (v) => ({
        ...v,
        pricePence: penceOr0(v.pricePence),
        foodPerPersonPence: penceOr0(v.foodPerPersonPence),
        maxChildren: wholeOr0(v.maxChildren),
        maxAdults: wholeOr0(v.maxAdults),
      }),
      also: (v) => ({
        ...poundsErrors(v, ['pricePence', 'foodPerPersonPence']),
        ...wholeErrors(v, ['maxChildren', 'maxAdults']),
      }),
    });
    if (!parsed.ok) return;
    save.mutate(partiesInput(doc, version, { privateHire: parsed.data }), {
      onSuccess: () => {
        onSaved();
        toast({ title: 'Private hire saved', description: `Private hire is ${formatPence(parsed.data.pricePence)}.` });
      },
      onError: (err) => reportEditError(err, { what: 'Private hire', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Private hire" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField {...f.text('pricePence')} label="Private hire price (£)" />
        <MoneyField {...f.text('foodPerPersonPence')} label="Food and drinks per person (£)" />
        <TextField {...f.text('maxChildren')} label="Most children" inputMode="numeric" />
        <TextField {...f.text('maxAdults')} label="Most adults" inputMode="numeric" />
      </div>
      <TextArea {...f.text('summary')} label="Summary" maxLength={300} />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save private hire'}
      </button>
    </form>
  );
}
