import { desc, sql } from 'drizzle-orm';
import type { AccountKind, AccountsSettings, AccountsSettingsView, IncomeKind } from '../../shared/contracts/accounts';
import { STANDARD_RATE_BP } from '../../shared/vat';
import type { Db } from '../db/client';
import { accountsSettingsVersions } from '../db/schema';
import { AppError } from '../http/errors';

const income = (accountCode: string) => ({ accountCode, taxRateName: '20% (VAT on Income)' });
const noVat = (accountCode: string) => ({ accountCode, taxRateName: 'No VAT' });

/**
 * What the accounts use before an admin saves their own: Xero's default UK chart's codes where it has one
 * (200 sales, 090 bank, 404 bank fees), the rest made up in the same ranges; every income at 20%.
 */
export const defaultAccountsSettings: AccountsSettings = {
  vatRegistered: true,
  vatNumber: '',
  accounts: {
    admission: income('200'),
    cafe: income('201'),
    shop: income('202'),
    parties: income('203'),
    memberships: income('204'),
    credits: income('205'),
    gift_voucher_liability: noVat('835'),
    deferred_income: noVat('836'),
    stripe_clearing: noVat('610'),
    cash: noVat('091'),
    stripe_fees: noVat('404'),
    bank: noVat('090'),
  } satisfies Record<AccountKind, unknown>,
  incomeTaxRates: [
    { rateBasisPoints: 0, taxRateName: 'Zero Rated Income' },
    { rateBasisPoints: 500, taxRateName: '5% (VAT on Income)' },
    { rateBasisPoints: 2000, taxRateName: '20% (VAT on Income)' },
  ],
  vatRates: [],
};

/** The newest saved settings (version 0: the defaults, never saved). */
export async function readAccountsSettings(db: Db): Promise<AccountsSettingsView> {
  const [row] = await db
    .select()
    .from(accountsSettingsVersions)
    .orderBy(desc(accountsSettingsVersions.version))
    .limit(1);
  if (!row) return { version: 0, settings: defaultAccountsSettings, updatedBy: null };
  return { version: row.version, settings: row.settings, updatedBy: row.actor };
}

/**
 * Saves a new version, if `version` is still the newest (else 409: another admin saved meanwhile). The
 * lock on the table makes two saves at once one after the other.
 */
export async function saveAccountsSettings(
  tx: Db,
  o: { version: number; settings: AccountsSettings; actor: string },
): Promise<AccountsSettingsView> {
  await tx.execute(sql`lock table accounts_settings_versions in exclusive mode`);
  const current = await readAccountsSettings(tx);
  if (current.version !== o.version)
    throw new AppError('stale_version', 'Someone else saved the accounts settings meanwhile. Please reload them.');
  const [row] = await tx
    .insert(accountsSettingsVersions)
    .values({ settings: o.settings, actor: o.actor })
    .returning({ version: accountsSettingsVersions.version });
  return { version: row!.version, settings: o.settings, updatedBy: o.actor };
}

/** The rate in force for a kind of income on a day: the latest dated rate from on or before it, else 20%. */
export function rateOn(settings: AccountsSettings, kind: IncomeKind, day: string): number {
  let best: { from: string; rateBasisPoints: number } | null = null;
  for (const r of settings.vatRates) if (r.kind === kind && r.from <= day && (!best || r.from >= best.from)) best = r;
  return best ? best.rateBasisPoints : STANDARD_RATE_BP;
}
