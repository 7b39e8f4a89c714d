import { and, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { AccountKind, AccountsSettings, IncomeKind, JournalBasis } from '../../shared/contracts/accounts';
import { addMonths } from '../../shared/dates';
import type { Db } from '../db/client';
import { vatLines } from '../db/schema';

type VatLine = typeof vatLines.$inferSelect;

/** One posting of a day's journal: a debit is positive, a credit negative (Xero's manual journals). */
export type Posting = { account: AccountKind; taxRateName: string; description: string; amountPence: number };

const kindLabel: Record<IncomeKind, string> = {
  admission: 'Admission',
  cafe: 'Cafe',
  shop: 'Shop',
  parties: 'Parties',
  memberships: 'Memberships',
  credits: 'Session credits',
};
const settlementAccount = { card: 'stripe_clearing', cash: 'cash', voucher: 'gift_voucher_liability' } as const;
const settlementLabel = {
  card: 'Card takings (Stripe)',
  cash: 'Cash takings',
  voucher: 'Gift vouchers spent',
} as const;

/**
 * The Xero tax rate of income at a rate: the settings' name for that rate, else the kind's own. A venue not
 * registered for VAT charges none: each income account's own tax rate (its admin sets "No VAT") is used.
 */
function incomeTaxRate(settings: AccountsSettings, kind: IncomeKind, rate: number): string {
  if (!settings.vatRegistered) return settings.accounts[kind].taxRateName;
  return (
    settings.incomeTaxRates.find((r) => r.rateBasisPoints === rate)?.taxRateName ?? settings.accounts[kind].taxRateName
  );
}

const pct = (bp: number) => `${bp / 100}%`;

/** Is a line's income deferred at its tax point (accrual): before its visit or party, or an annual pass. */
const deferred = (l: VatLine) => !!l.serviceFrom && (l.serviceFrom !== l.serviceTo || l.day < l.serviceFrom);

/** Each posting a line makes on its tax point's day: the money against income, deferral or liability. */
function taxPointPostings(settings: AccountsSettings, l: VatLine, basis: JournalBasis): Posting[] {
  const money: Posting = {
    account: settlementAccount[l.settlement],
    taxRateName: settings.accounts[settlementAccount[l.settlement]].taxRateName,
    description:
      l.settlement === 'voucher' && l.event === 'refund'
        ? 'Given back to gift vouchers'
        : settlementLabel[l.settlement],
    amountPence: l.grossPence,
  };
  if (l.kind === 'gift_voucher')
    return [
      { ...money },
      {
        account: 'gift_voucher_liability',
        taxRateName: settings.accounts.gift_voucher_liability.taxRateName,
        description: 'Gift vouchers sold',
        amountPence: -l.grossPence,
      },
    ];
  const taxRateName = incomeTaxRate(settings, l.kind, l.rateBasisPoints);
  const toDeferred = basis === 'accrual' && deferred(l);
  return [
    money,
    {
      account: toDeferred ? 'deferred_income' : l.kind,
      // The VAT is due at the tax point, deferred or not: the tax rate goes on this line either way.
      taxRateName,
      description: `${toDeferred ? 'Deferred: ' : ''}${kindLabel[l.kind]} at ${pct(l.rateBasisPoints)}`,
      amountPence: -l.grossPence,
    },
  ];
}

/** The twelve monthly parts of a spread line's net (the last takes the pennies left), with their release days. */
function releases(l: VatLine): { day: string; pence: number }[] {
  if (l.serviceFrom === l.serviceTo)
    return [{ day: l.serviceFrom! < l.day ? l.day : l.serviceFrom!, pence: l.netPence }];
  const part = Math.trunc(l.netPence / 12);
  return Array.from({ length: 12 }, (_, i) => {
    const due = addMonths(l.serviceFrom!, i);
    return { day: due < l.day ? l.day : due, pence: i === 11 ? l.netPence - part * 11 : part };
  });
}

/** Deferred income becoming income on `day` (accrual): net of VAT, which went at the tax point. */
function releasePostings(settings: AccountsSettings, l: VatLine, day: string): Posting[] {
  if (l.kind === 'gift_voucher') return [];
  const pence = releases(l)
    .filter((r) => r.day === day)
    .reduce((s, r) => s + r.pence, 0);
  if (pence === 0) return [];
  const noVat = settings.accounts.deferred_income.taxRateName;
  const what = `${kindLabel[l.kind]} ${l.serviceFrom === l.serviceTo ? 'enjoyed' : 'month'}`;
  return [
    { account: 'deferred_income', taxRateName: noVat, description: `Released: ${what}`, amountPence: pence },
    { account: l.kind, taxRateName: noVat, description: `${what} (deferred income released)`, amountPence: -pence },
  ];
}

/**
 * The journals of the days from..to (a month at a time, so memory stays flat), postings summed by account,
 * tax rate and description: every line of the VAT ledger whose tax point is that day, and on the accrual
 * basis the deferred income the day releases. Each line's postings balance, so each day does.
 */
export async function rangePostings(
  db: Db,
  settings: AccountsSettings,
  range: { from: string; to: string },
  basis: JournalBasis,
): Promise<Map<string, Posting[]>> {
  const byDay = new Map<string, Posting[]>();
  const add = (day: string, p: Posting[]) => {
    const list = byDay.get(day);
    if (list) list.push(...p);
    else byDay.set(day, [...p]);
  };
  const { from, to } = range;
  const lines = await db
    .select()
    .from(vatLines)
    .where(and(gte(vatLines.day, from), lte(vatLines.day, to)))
    .orderBy(vatLines.day, vatLines.occurredAt, vatLines.id);
  for (const l of lines) add(l.day, taxPointPostings(settings, l, basis));
  if (basis === 'accrual') {
    const single = and(
      eq(vatLines.serviceFrom, vatLines.serviceTo),
      gte(vatLines.serviceFrom, from),
      lte(vatLines.serviceFrom, to),
      sql`${vatLines.day} < ${vatLines.serviceFrom}`,
    );
    const spread = and(
      ne(vatLines.serviceFrom, vatLines.serviceTo),
      lte(vatLines.serviceFrom, to),
      lte(vatLines.day, to),
      or(gte(vatLines.serviceTo, from), gte(vatLines.day, from)),
    );
    const deferredLines = await db
      .select()
      .from(vatLines)
      .where(or(single, spread))
      .orderBy(vatLines.occurredAt, vatLines.id);
    for (const l of deferredLines) {
      if (!deferred(l)) continue;
      for (const day of new Set(releases(l).map((r) => r.day)))
        if (day >= from && day <= to) add(day, releasePostings(settings, l, day));
    }
  }
  for (const [day, postings] of byDay) byDay.set(day, sumPostings(postings));
  return byDay;
}

function sumPostings(postings: Posting[]): Posting[] {
  const byKey = new Map<string, Posting>();
  for (const p of postings) {
    const key = `${p.account}\u0000${p.taxRateName}\u0000${p.description}`;
    const t = byKey.get(key);
    if (t) t.amountPence += p.amountPence;
    else byKey.set(key, { ...p });
  }
  return [...byKey.values()].filter((p) => p.amountPence !== 0);
}
