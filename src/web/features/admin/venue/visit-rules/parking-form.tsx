import type { FormEvent } from 'react';
import { visitRulesEditSchema } from '../../../../../shared/contracts/catalogue';
import { parkingBringLine, parkingRuleOf, type VisitRulesDocument } from '../../../../../shared/visit-rules';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { MoneyField, TextField } from '../../components/fields';
import { penceOr0, penceToPounds, poundsErrors, poundsToPence } from '../money';
import { useEditForm } from '../use-edit-form';
import { parseWhole, wholeErrors, wholeOr0 } from '../whole-number';
import { useSaveVisitRules } from './save-visit-rules';

const parkingSchema = visitRulesEditSchema.shape.parking.unwrap();

type Parking = VisitRulesDocument['parking'];

/** The numbers as typed, when they all parse: what the preview words. */
function typed(v: { freeHours: string; chargePence: string; chargePeriodHours: string }): Parking | null {
  const freeHours = parseWhole(v.freeHours);
  const charge = poundsToPence(v.chargePence);
  const chargePeriodHours = parseWhole(v.chargePeriodHours);
  if (freeHours === null || !charge.ok || !chargePeriodHours) return null;
  return { freeHours, chargePence: charge.pence, chargePeriodHours };
}

/**
 * The car park's charges, shown at the check-in kiosk; the reminder e-mail's parking line is written from
 * them too, so the words always match the numbers.
 */
export function ParkingForm({ value, version, onStale, onSaved }: VenueFormProps<Parking>) {
  const f = useEditForm({
    freeHours: String(value.freeHours),
    chargePence: penceToPounds(value.chargePence),
    chargePeriodHours: String(value.chargePeriodHours),
  });
  const save = useSaveVisitRules();
  const preview = typed(f.values);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(parkingSchema, {
      input: (v) => ({
        freeHours: wholeOr0(v.freeHours),
        chargePence: penceOr0(v.chargePence),
        // 1, not 0, when it does not parse: the whole-number message below is the one shown.
        chargePeriodHours: parseWhole(v.chargePeriodHours) ?? 1,
      }),
      also: (v) => ({ ...wholeErrors(v, ['freeHours', 'chargePeriodHours']), ...poundsErrors(v, ['chargePence']) }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, parking: parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: 'Parking saved', description: parkingRuleOf(parsed.data) });
        },
        onError: (err) => reportEditError(err, { what: 'Parking', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Parking" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...f.text('freeHours')} label="Free hours" inputMode="numeric" hint="0 for none." />
        <MoneyField {...f.text('chargePence')} label="Charge (£)" hint="0.00 if parking is free." />
        <TextField
          {...f.text('chargePeriodHours')}
          label="Per (hours)"
          inputMode="numeric"
          hint="How long each charge covers."
        />
      </div>
      <div className="rounded-2xl bg-slate-50 p-3 text-slate-800" aria-live="polite">
        {preview ? (
          <>
            <p>
              <span className="font-semibold">The kiosk says:</span> {parkingRuleOf(preview)}
            </p>
            <p className="mt-1">
              <span className="font-semibold">The reminder e-mail says:</span> {parkingBringLine(preview)}
            </p>
          </>
        ) : (
          <p>Enter whole hours and a price to see what families will read.</p>
        )}
      </div>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save parking'}
      </button>
    </form>
  );
}
