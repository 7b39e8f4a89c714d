import { and, gte, lte, sql } from 'drizzle-orm';
import type { AccountsRange, VatByRate, VatSummary } from '../../shared/contracts/accounts';
import type { Db } from '../db/client';
import { vatLines } from '../db/schema';
import { readAccountsSettings } from './settings';

/**
 * GET /api/admin/accounts/vat: the VAT ledger's lines with tax points (London days) in the range, by rate.
 * Voucher sales are outside the scope of VAT (multi-purpose: taxed when spent), so they are shown apart and
 * in neither box; what vouchers bought is taxable and is in the boxes, and also shown apart. Refunds are
 * negative lines on their own day, so a refund in a later quarter reduces that quarter.
 */
export async function vatSummary(db: Db, range: AccountsRange): Promise<VatSummary> {
  const inRange = and(gte(vatLines.day, range.from), lte(vatLines.day, range.to));
  const rows = await db
    .select({
      kind: vatLines.kind,
      settlement: vatLines.settlement,
      rate: vatLines.rateBasisPoints,
      net: sql<number>`sum(${vatLines.netPence})::int`,
      vat: sql<number>`sum(${vatLines.vatPence})::int`,
      gross: sql<number>`sum(${vatLines.grossPence})::int`,
      sales: sql<number>`(count(*) filter (where ${vatLines.event} = 'sale'))::int`,
    })
    .from(vatLines)
    .where(inRange)
    .groupBy(vatLines.kind, vatLines.settlement, vatLines.rateBasisPoints);
  const byRate = new Map<number, VatByRate>();
  const redemptions = new Map<number, VatByRate>();
  const voucherSales = { grossPence: 0, count: 0 };
  const add = (m: Map<number, VatByRate>, r: (typeof rows)[number]) => {
    const t = m.get(r.rate) ?? { rateBasisPoints: r.rate, netPence: 0, vatPence: 0, grossPence: 0 };
    t.netPence += r.net;
    t.vatPence += r.vat;
    t.grossPence += r.gross;
    m.set(r.rate, t);
  };
  for (const r of rows) {
    if (r.kind === 'gift_voucher') {
      voucherSales.grossPence += r.gross;
      voucherSales.count += r.sales;
      continue;
    }
    add(byRate, r);
    if (r.settlement === 'voucher') add(redemptions, r);
  }
  const sorted = (m: Map<number, VatByRate>) => [...m.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
  const rates = sorted(byRate);
  const box1Pence = rates.reduce((s, r) => s + r.vatPence, 0);
  const box6Pence = rates.reduce((s, r) => s + r.netPence, 0);
  const { settings } = await readAccountsSettings(db);
  return {
    from: range.from,
    to: range.to,
    vatRegistered: settings.vatRegistered,
    byRate: rates,
    box1Pence,
    box6Pence,
    box6Pounds: Math.floor(box6Pence / 100),
    voucherSales,
    voucherRedemptions: sorted(redemptions),
  };
}
