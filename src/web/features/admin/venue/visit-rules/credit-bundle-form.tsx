import type { FormEvent } from 'react';
import { visitRulesEditSchema } from '../../../../../shared/contracts/catalogue';
import { formatPence } from '../../../../../shared/money';
import type { VisitRulesDocument } from '../../../../../shared/visit-rules';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { MoneyField, TextField } from '../../components/fields';
import { penceOr0, penceToPounds, poundsErrors } from '../money';
import { useEditForm } from '../use-edit-form';
import { parseWhole, wholeErrors, wholeOr0 } from '../whole-number';
import { useSaveVisitRules } from './save-visit-rules';

const bundleSchema = visitRulesEditSchema.shape.creditBundle.unwrap();

/**
 * The session credits bundle families buy on /session-credits: how many credits and their price. The
 * server charges what is saved here from the next purchase on; bundles already bought keep theirs.
 */
export function CreditBundleForm({
  value,
  version,
  onStale,
  onSaved,
}: VenueFormProps<VisitRulesDocument['creditBundle']>) {
  const f = useEditForm({ credits: String(value.credits), pricePence: penceToPounds(value.pricePence) });
  const save = useSaveVisitRules();
  const credits = parseWhole(f.values.credits);
  const price = penceOr0(f.values.pricePence);
  const each = credits && price ? formatPence(Math.round(price / credits)) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(bundleSchema, {
      input: (v) => ({ credits: wholeOr0(v.credits), pricePence: penceOr0(v.pricePence) }),
      also: (v) => ({ ...wholeErrors(v, ['credits']), ...poundsErrors(v, ['pricePence']) }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, creditBundle: parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Credit bundle saved',
            description: `Families now buy ${parsed.data.credits} credits for ${formatPence(parsed.data.pricePence)}.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Credit bundle', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Credit bundle" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('credits')} label="Credits in a bundle" inputMode="numeric" hint="From 1 to 50." />
        <MoneyField
          {...f.text('pricePence')}
          label="Bundle price (£)"
          hint={each ? `${each} a credit.` : 'At least £1.'}
        />
      </div>
      <p className="rounded-2xl bg-slate-50 p-3 text-slate-800">
        Families buy the bundle on the Session Credits page. A new price applies from the next purchase; bundles already
        bought keep their credits and price. One credit pays for one child (1-12 years) session.
      </p>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save credit bundle'}
      </button>
    </form>
  );
}
