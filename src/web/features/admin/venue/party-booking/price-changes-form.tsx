import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import type { PartyPriceChange } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { labelClass } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { penceToPounds, poundsToPence } from '../money';
import { useEditForm } from '../use-edit-form';
import { useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ priceChanges: true });
const MAX_CHANGES = 50;
/** A price change as typed: the price in pounds. */
type Row = { packageId: string; fromDate: string; price: string };

/**
 * Party prices scheduled ahead (issue 38): from a date on, a package's price per child (Private Hire's, its
 * flat price). Before a package's first change the package's own price applies; a party keeps the price it
 * was sold at. A new change starts today or later (the server checks it against its own today).
 */
export function PriceChangesForm({
  value,
  version,
  onStale,
  onSaved,
  packages,
}: VenueFormProps<PartyPriceChange[]> & { packages: { id: string; label: string }[] }) {
  const f = useEditForm({
    priceChanges: value.map((c): Row => ({ ...c, price: penceToPounds(c.pricePence) })),
  });
  const save = useSavePartyBooking();
  const rows = f.values.priceChanges;
  const id = f.fieldId('priceChanges');
  const change = (i: number, part: Partial<Row>) =>
    f.set(
      'priceChanges',
      rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    const sent = rows.map((r) => {
      const price = poundsToPence(r.price);
      return { packageId: r.packageId, fromDate: r.fromDate, pricePence: price.ok ? price.pence : 0 };
    });
    const parsed = f.check(schema, {
      input: () => ({ priceChanges: sent }),
      also: () => {
        const i = rows.findIndex((r) => !poundsToPence(r.price).ok || r.fromDate === '');
        if (i < 0) return {};
        const price = poundsToPence(rows[i]!.price);
        return {
          priceChanges: `Change ${i + 1}: ${rows[i]!.fromDate === '' ? 'choose the date it starts' : price.ok ? '' : price.message}`,
        };
      },
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, priceChanges: sent },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Party price changes saved',
            description: `${sent.length} ${sent.length === 1 ? 'price change is' : 'price changes are'} scheduled.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Party price changes', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  const nameOf = (packageId: string) => packages.find((p) => p.id === packageId)?.label ?? packageId;
  return (
    <form onSubmit={submit} noValidate aria-label="Party price changes" className="space-y-4">
      <fieldset
        id={id}
        tabIndex={-1}
        aria-describedby={f.errors.priceChanges ? `${id}-err` : undefined}
        className="min-w-0"
      >
        <legend className={labelClass}>Price changes</legend>
        <p className="mb-2 text-sm text-slate-700">
          From its date on, a package costs this per child (Private Hire: its flat price). Parties already booked keep
          their price.
        </p>
        {rows.length === 0 ? <p className="mb-2 text-slate-800">No price changes are scheduled.</p> : null}
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2 rounded-2xl bg-slate-50 p-2">
              <div className="min-w-[9rem] flex-1">
                <label htmlFor={`${id}-${i}-package`} className="mb-1 block text-sm font-semibold text-slate-900">
                  Package<span className="sr-only">, change {i + 1}</span>
                </label>
                <select
                  id={`${id}-${i}-package`}
                  className={textInput}
                  value={row.packageId}
                  onChange={(e) => change(i, { packageId: e.target.value })}
                >
                  {packages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="min-w-[11rem] flex-1">
                <label htmlFor={`${id}-${i}-from`} className="mb-1 block text-sm font-semibold text-slate-900">
                  From<span className="sr-only">, change {i + 1}</span>
                </label>
                <input
                  id={`${id}-${i}-from`}
                  type="date"
                  className={textInput}
                  value={row.fromDate}
                  onChange={(e) => change(i, { fromDate: e.target.value })}
                />
              </div>
              <div className="min-w-[7rem] flex-1">
                <label htmlFor={`${id}-${i}-price`} className="mb-1 block text-sm font-semibold text-slate-900">
                  Price (£)
                  <span className="sr-only">
                    , {nameOf(row.packageId)} from {row.fromDate || 'its date'}
                  </span>
                </label>
                <input
                  id={`${id}-${i}-price`}
                  className={textInput}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  maxLength={12}
                  value={row.price}
                  onChange={(e) => change(i, { price: e.target.value })}
                />
              </div>
              <button
                type="button"
                className={`${smallSecondary} min-h-12`}
                onClick={() =>
                  f.set(
                    'priceChanges',
                    rows.filter((_, j) => j !== i),
                  )
                }
              >
                <X aria-hidden className="h-4 w-4" /> Remove<span className="sr-only"> change {i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        {rows.length < MAX_CHANGES && packages[0] ? (
          <button
            type="button"
            className={`${smallSecondary} mt-3 min-h-12`}
            onClick={() => f.set('priceChanges', [...rows, { packageId: packages[0]!.id, fromDate: '', price: '' }])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add a price change
          </button>
        ) : null}
        <FieldError id={`${id}-err`} message={f.errors.priceChanges} />
      </fieldset>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save price changes'}
      </button>
    </form>
  );
}
