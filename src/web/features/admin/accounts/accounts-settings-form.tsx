import { useId, useState } from 'react';
import {
  accountKinds,
  accountsSettingsSchema,
  type AccountKind,
  type AccountsSettings,
  type AccountsSettingsView,
} from '../../../../shared/contracts/accounts';
import { textInput } from '../../../components/ui/primitives';
import { ApiError } from '../../../lib/api';
import { useAccountsSettings, useSaveAccountsSettings } from '../api/accounts-api';
import { smallPrimary } from '../components/panel-parts';
import { VatRatesEditor } from './vat-rates-editor';

export const accountLabels: Record<AccountKind, string> = {
  admission: 'Admission',
  cafe: 'Cafe',
  shop: 'Shop',
  parties: 'Parties',
  memberships: 'Memberships',
  credits: 'Session credits',
  gift_voucher_liability: 'Gift voucher liability',
  deferred_income: 'Deferred income',
  stripe_clearing: 'Stripe clearing',
  cash: 'Cash',
  stripe_fees: 'Stripe fees',
  bank: 'Bank',
};

/** VAT registration and each account's code and Xero tax rate; every save is a new version (audited). */
export function AccountsSettingsForm() {
  const current = useAccountsSettings();
  // Kept above the editor: a save starts a new version, and the editor anew from it.
  const [message, setMessage] = useState<string | null>(null);
  if (!current.data)
    return (
      <p className="mt-4 text-slate-700">
        {current.error ? 'The settings could not be loaded.' : 'Loading the settings…'}
      </p>
    );
  return <SettingsEditor key={current.data.version} view={current.data} message={message} setMessage={setMessage} />;
}

function SettingsEditor({
  view,
  message,
  setMessage,
}: {
  view: AccountsSettingsView;
  message: string | null;
  setMessage: (m: string) => void;
}) {
  const id = useId();
  const save = useSaveAccountsSettings();
  const [draft, setDraft] = useState<AccountsSettings>(view.settings);

  const setAccount = (k: AccountKind, field: 'accountCode' | 'taxRateName', value: string) =>
    setDraft({ ...draft, accounts: { ...draft.accounts, [k]: { ...draft.accounts[k], [field]: value } } });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = accountsSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setMessage(`Please check: ${parsed.error.issues[0]?.message ?? 'a field'}`);
      return;
    }
    try {
      const saved = await save.mutateAsync({ version: view.version, settings: parsed.data });
      setMessage(`Saved (version ${saved.version}).`);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'The settings could not be saved. Please try again.');
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-3xl border border-slate-200 bg-white p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Settings
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-6">
        <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={draft.vatRegistered}
            onChange={(e) => setDraft({ ...draft, vatRegistered: e.target.checked })}
          />
          VAT registered
        </label>
        <div>
          <label htmlFor={`${id}-vat-number`} className="mb-1 block font-semibold text-slate-900">
            VAT number
          </label>
          <input
            id={`${id}-vat-number`}
            className={textInput}
            value={draft.vatNumber}
            onChange={(e) => setDraft({ ...draft, vatNumber: e.target.value })}
          />
        </div>
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Account codes and Xero tax rates</caption>
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-2">
              Account
            </th>
            <th scope="col" className="py-1 pr-2">
              Code
            </th>
            <th scope="col" className="py-1">
              Xero tax rate
            </th>
          </tr>
        </thead>
        <tbody>
          {accountKinds.map((k) => (
            <tr key={k} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-2 font-semibold text-slate-900">
                {accountLabels[k]}
              </th>
              <td className="py-1 pr-2">
                <input
                  aria-label={`${accountLabels[k]} account code`}
                  className={`${textInput} max-w-28`}
                  value={draft.accounts[k].accountCode}
                  onChange={(e) => setAccount(k, 'accountCode', e.target.value)}
                />
              </td>
              <td className="py-1">
                <input
                  aria-label={`${accountLabels[k]} Xero tax rate`}
                  className={textInput}
                  value={draft.accounts[k].taxRateName}
                  onChange={(e) => setAccount(k, 'taxRateName', e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <VatRatesEditor rates={draft.vatRates} onChange={(vatRates) => setDraft({ ...draft, vatRates })} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={smallPrimary} disabled={save.isPending}>
          Save settings
        </button>
        <p role="status" className="text-sm text-slate-800">
          {message}
        </p>
      </div>
    </form>
  );
}
