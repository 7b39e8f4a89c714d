import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { FieldError, textInput } from '../../components/ui/primitives';
import { LabelledInput } from './labelled-input';

const amounts = [10, 20, 30, 50, 100];

export type GiftChoice = { kind: 'amount' | 'visit'; pounds: string; ticketTypeId: string };

/** Step 1 of the gift voucher form: an amount (quick amounts or whole pounds typed) or a play visit. */
export function GiftChoiceFieldset({
  formId,
  choice,
  onChange,
  messages,
}: {
  formId: string;
  choice: GiftChoice;
  onChange: <K extends keyof GiftChoice>(field: K, value: GiftChoice[K]) => void;
  messages: { pounds?: string; ticketTypeId?: string };
}) {
  const { ticketTypes } = useCatalogue();
  return (
    <fieldset>
      <legend className="text-xl font-bold text-slate-900">1. Choose the gift</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {(['amount', 'visit'] as const).map((k) => (
          <label
            key={k}
            className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 p-4 font-semibold text-slate-900 ${
              choice.kind === k ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white'
            }`}
          >
            <input
              type="radio"
              name="kind"
              value={k}
              checked={choice.kind === k}
              onChange={() => onChange('kind', k)}
              className="h-5 w-5 accent-brand-700"
            />
            {k === 'amount' ? 'An amount (£10 to £200)' : 'A play visit'}
          </label>
        ))}
      </div>
      {choice.kind === 'amount' ? (
        <div className="mt-4">
          <p className="font-semibold text-slate-900" id={`${formId}-amounts`}>
            Amount
          </p>
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby={`${formId}-amounts`}>
            {amounts.map((a) => (
              <button
                key={a}
                type="button"
                aria-pressed={choice.pounds === String(a)}
                onClick={() => onChange('pounds', String(a))}
                className={`min-h-11 min-w-16 rounded-full border-2 px-4 font-semibold ${
                  choice.pounds === String(a)
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-brand-700 bg-white text-brand-800'
                }`}
              >
                £{a}
              </button>
            ))}
          </div>
          <div className="mt-3 max-w-sm">
            <LabelledInput
              inputId={`${formId}-pounds`}
              name="pounds"
              label="Or another amount in whole pounds (£)"
              value={choice.pounds}
              onChange={(v) => onChange('pounds', v)}
              message={messages.pounds}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={`${formId}-ticketTypeId`} className="block font-semibold text-slate-900">
            Visit
          </label>
          <select
            id={`${formId}-ticketTypeId`}
            className={`${textInput} mt-1`}
            value={choice.ticketTypeId}
            onChange={(e) => onChange('ticketTypeId', e.target.value)}
            aria-invalid={messages.ticketTypeId ? true : undefined}
          >
            {ticketTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}: {formatPence(t.pricePence + t.feePence)}
              </option>
            ))}
          </select>
          <FieldError id={`${formId}-ticketTypeId-error`} message={messages.ticketTypeId} />
          <p className="mt-1 text-sm text-slate-700">Priced as today; the voucher is worth that amount.</p>
        </div>
      )}
    </fieldset>
  );
}
