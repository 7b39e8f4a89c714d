import { useId, useState } from 'react';
import { incomeKinds, type IncomeKind, type VatRateSetting } from '../../../../shared/contracts/accounts';
import { textInput } from '../../../components/ui/primitives';
import { smallSecondary } from '../components/panel-parts';

const kindLabels: Record<IncomeKind, string> = {
  admission: 'Admission',
  cafe: 'Cafe',
  shop: 'Shop',
  parties: 'Parties',
  memberships: 'Memberships',
  credits: 'Session credits',
};

/**
 * The dated VAT rates (a change applies from its date to sales from then on; without one a kind is at 20%).
 * Changes are kept in the draft and saved with the rest of the settings.
 */
export function VatRatesEditor({
  rates,
  onChange,
}: {
  rates: VatRateSetting[];
  onChange: (r: VatRateSetting[]) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<IncomeKind>('admission');
  const [from, setFrom] = useState('');
  const [percent, setPercent] = useState('20');
  const bp = Math.round(Number(percent) * 100);
  const valid = /^\d{4}-\d\d-\d\d$/.test(from) && Number.isInteger(bp) && bp >= 0 && bp <= 10_000;
  const sorted = [...rates].sort((a, b) => a.from.localeCompare(b.from) || a.kind.localeCompare(b.kind));
  return (
    <fieldset className="mt-4 min-w-0">
      <legend className="font-semibold text-slate-900">VAT rate changes</legend>
      {sorted.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">None: every kind of income is at 20%.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {sorted.map((r) => (
            <li key={`${r.kind}-${r.from}`} className="flex flex-wrap items-center gap-2">
              <span>
                {kindLabels[r.kind]} at {r.rateBasisPoints / 100}% from {r.from}
              </span>
              <button
                type="button"
                className={smallSecondary}
                onClick={() => onChange(rates.filter((x) => x !== r))}
                aria-label={`Remove ${kindLabels[r.kind]} at ${r.rateBasisPoints / 100}% from ${r.from}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-kind`} className="mb-1 block text-sm font-semibold text-slate-900">
            Income
          </label>
          <select
            id={`${id}-kind`}
            className={textInput}
            value={kind}
            onChange={(e) => setKind(e.target.value as IncomeKind)}
          >
            {incomeKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-semibold text-slate-900">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={textInput}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-rate`} className="mb-1 block text-sm font-semibold text-slate-900">
            Rate (%)
          </label>
          <input
            id={`${id}-rate`}
            inputMode="decimal"
            className={`${textInput} max-w-24`}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </div>
        <button
          type="button"
          className={smallSecondary}
          disabled={!valid}
          onClick={() =>
            onChange([
              ...rates.filter((r) => !(r.kind === kind && r.from === from)),
              { kind, from, rateBasisPoints: bp },
            ])
          }
        >
          Add rate change
        </button>
      </div>
    </fieldset>
  );
}
