import { xeroJournalColumns, type AccountsSettings, type JournalQuery } from '../../shared/contracts/accounts';
import { addDays, addMonths, datesBetween } from '../../shared/dates';
import type { Db } from '../db/client';
import { csvRow, pounds, utf8Bom } from '../exports/csv';
import { rangePostings, type Posting } from './journal-postings';
import { readAccountsSettings } from './settings';

/** 2026-06-08 -> 08/06/2026: the date as a UK Xero organisation imports it. */
const ukDate = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

/**
 * GET /api/admin/accounts/journal.csv: one Xero manual journal a day with takings, in Xero's import columns
 * (amounts tax inclusive: import with "Amounts are Tax inclusive"; a debit positive, a credit negative).
 * Streamed a day at a time (the formula-safe CSV writer of the exports), so a year never sits in memory.
 */
export async function* journalCsv(db: Db, q: JournalQuery): AsyncGenerator<string> {
  const { settings } = await readAccountsSettings(db);
  yield utf8Bom + csvRow([...xeroJournalColumns]);
  for (let start = q.from; start <= q.to; start = addDays(monthEnd(start), 1)) {
    const end = monthEnd(start) < q.to ? monthEnd(start) : q.to;
    const month = await rangePostings(db, settings, { from: start, to: end }, q.basis);
    yield* monthRows(month, datesBetween(start, end), q.basis, settings);
  }
}

/** The last day of `ymd`'s month. */
const monthEnd = (ymd: string) => addDays(addMonths(`${ymd.slice(0, 8)}01`, 1), -1);

function* monthRows(
  month: Map<string, Posting[]>,
  days: string[],
  basis: JournalQuery['basis'],
  settings: AccountsSettings,
): Generator<string> {
  for (const day of days) {
    const postings = month.get(day) ?? [];
    if (postings.length === 0) continue;
    const narration = `Takings ${day} (${basis} basis)`;
    let rows = '';
    for (const p of postings)
      rows += csvRow([
        narration,
        ukDate(day),
        p.description,
        settings.accounts[p.account].accountCode,
        p.taxRateName,
        pounds(p.amountPence),
        'Basis',
        basis,
      ]);
    yield rows;
  }
}
