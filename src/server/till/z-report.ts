import { eq, sql } from 'drizzle-orm';
import type { ZReport } from '../../shared/contracts/till';
import { rowsOf, type Db } from '../db/client';
import { tillSessions } from '../db/schema';
import { sessionNotFound } from './till-sessions';

type Money = { cash: number; card: number; voucher: number; sales: number; voids: number };

/**
 * GET /api/till/sessions/:id/report: the Z report, read from the session's rows (a closed session's rows
 * never change, so neither does its report). Expected cash = float + cash sales - cash refunds + cash in -
 * cash out. By kind and by VAT rate: what was sold less what was refunded from this session (a refund
 * reverses the VAT of what it refunds, where it is made).
 */
export async function zReport(db: Db, sessionId: string): Promise<ZReport> {
  const [s] = await db.select().from(tillSessions).where(eq(tillSessions.id, sessionId));
  if (!s) throw sessionNotFound();
  const [money] = rowsOf<Money>(
    await db.execute(sql`
      select coalesce(sum(total_pence - voucher_pence) filter (where status = 'paid' and method = 'cash'), 0)::int as cash,
             coalesce(sum(total_pence - voucher_pence) filter (where status = 'paid' and method = 'card'), 0)::int as card,
             coalesce(sum(voucher_pence) filter (where status = 'paid'), 0)::int as voucher,
             count(*) filter (where status = 'paid')::int as sales,
             count(*) filter (where status = 'cancelled')::int as voids
        from till_sales where session_id = ${sessionId}`),
  );
  const [moves] = rowsOf<{ cashIn: number; cashOut: number; refundCash: number; refundCard: number }>(
    await db.execute(sql`
      select (select coalesce(sum(amount_pence) filter (where direction = 'in'), 0) from till_cash_movements where session_id = ${sessionId})::int as "cashIn",
             (select coalesce(sum(amount_pence) filter (where direction = 'out'), 0) from till_cash_movements where session_id = ${sessionId})::int as "cashOut",
             (select coalesce(sum(amount_pence) filter (where method = 'cash'), 0) from till_refunds where session_id = ${sessionId})::int as "refundCash",
             (select coalesce(sum(amount_pence) filter (where method = 'card'), 0) from till_refunds where session_id = ${sessionId})::int as "refundCard"`),
  );
  // Sold lines (+) and refunded lines (-), by kind and by rate.
  const lines = rowsOf<{ kind: 'entry' | 'cafe' | 'shop'; rate: number; gross: number; net: number; vat: number }>(
    await db.execute(sql`
      select kind, rate, sum(gross)::int as gross, sum(net)::int as net, sum(vat)::int as vat from (
        select l.kind, l.vat_rate_bp as rate, l.total_pence as gross, l.net_pence as net, l.vat_pence as vat
          from till_sale_lines l join till_sales s on s.id = l.sale_id
         where s.session_id = ${sessionId} and s.status = 'paid'
        union all
        select x.kind, x."vatRateBasisPoints", -x.pence, -x."netPence", -x."vatPence"
          from till_refunds r cross join jsonb_to_recordset(r.lines)
            as x(kind text, pence int, "netPence" int, "vatPence" int, "vatRateBasisPoints" int)
         where r.session_id = ${sessionId}
      ) l group by kind, rate`),
  );
  const m = money!;
  const mv = moves!;
  const expected = s.floatPence + m.cash - mv.refundCash + mv.cashIn - mv.cashOut;
  const byKind = (['entry', 'cafe', 'shop'] as const).map((kind) => ({
    kind,
    grossPence: lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.gross, 0),
  }));
  const rates = [...new Set(lines.map((l) => l.rate))].sort((a, b) => a - b);
  const byVatRate = rates.map((rate) => {
    const at = lines.filter((l) => l.rate === rate);
    const add = (k: 'gross' | 'net' | 'vat') => at.reduce((sum, l) => sum + l[k], 0);
    return { vatRateBasisPoints: rate, netPence: add('net'), vatPence: add('vat'), grossPence: add('gross') };
  });
  return {
    sessionId: s.id,
    till: s.till,
    openedBy: s.openedBy,
    operator: s.operator,
    openedAt: s.openedAt.toISOString(),
    closedBy: s.closedBy,
    closedAt: s.closedAt?.toISOString() ?? null,
    floatPence: s.floatPence,
    cashSalesPence: m.cash,
    cardSalesPence: m.card,
    voucherPence: m.voucher,
    refunds: { cashPence: mv.refundCash, cardPence: mv.refundCard },
    cashInPence: mv.cashIn,
    cashOutPence: mv.cashOut,
    expectedCashPence: expected,
    countedCashPence: s.countedPence,
    variancePence: s.countedPence === null ? null : s.countedPence - expected,
    byKind,
    byVatRate,
    sales: m.sales,
    voids: m.voids,
  };
}
