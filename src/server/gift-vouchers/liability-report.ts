import { sql } from 'drizzle-orm';
import type { GiftVoucherLiability } from '../../shared/contracts/gift-vouchers';
import { addMonths, todayInLondon } from '../../shared/dates';
import { csvRow, pounds } from '../exports/csv';
import { rowsOf, type Db } from '../db/client';

/** At most this many months, ending with the current one. */
const MAX_MONTHS = 36;

const monthAfter = (m: string) => addMonths(`${m}-01`, 1).slice(0, 7);

/**
 * The gift voucher liability (issue 29, Finance): per venue-local month, what was sold, redeemed (net of
 * value given back), expired unspent and voided, and what was still owed at the month's end. Sold vouchers
 * are a liability until redeemed, not takings. Built from the ledger (a reissue moves value between two
 * vouchers and counts as nothing) and, for expiry, from today's balances of vouchers past their last day.
 */
export async function giftVoucherLiability(db: Db, now: Date): Promise<GiftVoucherLiability> {
  const today = todayInLondon(now);
  const moves = rowsOf<{ month: string; sold: string; redeemed: string; voided: string }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'Europe/London', 'YYYY-MM') as month,
             coalesce(sum(amount_pence) filter (where kind = 'purchase'), 0) as sold,
             coalesce(-sum(amount_pence) filter (where kind in ('redeem', 'refund_to_voucher')), 0) as redeemed,
             coalesce(-sum(amount_pence) filter (where kind = 'void'), 0) as voided
      from gift_voucher_ledger
      where kind in ('purchase', 'redeem', 'refund_to_voucher', 'void')
      group by 1`),
  );
  const expiries = rowsOf<{ month: string; expired: string }>(
    await db.execute(sql`
      select to_char(expires_on, 'YYYY-MM') as month, sum(balance_pence) as expired
      from gift_vouchers
      where status = 'active' and expires_on < ${today}::date and balance_pence > 0
      group by 1`),
  );
  const [now_] = rowsOf<{ owed: string | null }>(
    await db.execute(sql`
      select sum(balance_pence) as owed from gift_vouchers where status = 'active' and expires_on >= ${today}::date`),
  );
  const byMonth = new Map<string, { sold: number; redeemed: number; expired: number; voided: number }>();
  const at = (m: string) => {
    let row = byMonth.get(m);
    if (!row) byMonth.set(m, (row = { sold: 0, redeemed: 0, expired: 0, voided: 0 }));
    return row;
  };
  for (const r of moves)
    Object.assign(at(r.month), { sold: Number(r.sold), redeemed: Number(r.redeemed), voided: Number(r.voided) });
  for (const r of expiries) at(r.month).expired = Number(r.expired);

  const current = today.slice(0, 7);
  const first = [...byMonth.keys()].sort()[0] ?? current;
  const months: GiftVoucherLiability['months'] = [];
  let outstanding = 0;
  for (let m = first; m <= current; m = monthAfter(m)) {
    const row = byMonth.get(m) ?? { sold: 0, redeemed: 0, expired: 0, voided: 0 };
    outstanding += row.sold - row.redeemed - row.expired - row.voided;
    months.push({ month: m, ...row, outstanding });
  }
  return { months: months.slice(-MAX_MONTHS), outstandingNow: Number(now_?.owed ?? 0) };
}

/** The report as CSV (pounds with two decimals), one row per month. */
export function liabilityCsv(report: GiftVoucherLiability): string {
  let csv = csvRow(['month', 'sold', 'redeemed', 'expired', 'voided', 'outstanding']);
  for (const m of report.months)
    csv += csvRow([m.month, ...[m.sold, m.redeemed, m.expired, m.voided, m.outstanding].map(pounds)]);
  return csv;
}
