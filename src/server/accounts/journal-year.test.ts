import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { testDbKinds } from '../testing/test-database';
import { parseCsv } from '../testing/parse-csv';

/**
 * A year of takings (40 lines a day of every kind: visits booked ahead, annual passes, vouchers sold and
 * spent, till cash, refunds) exports as a journal in well under 10 s, streamed, every day balancing.
 */
describe.each(testDbKinds)('a year’s journal (%s)', (kind) => {
  const t = useAdminApp(kind);

  it('exports 2025 on the accrual basis in under 10 s, every day balancing to zero', async () => {
    await t.ctx.db.execute(sql`
      insert into vat_lines (source_key, occurred_at, day, kind, event, settlement, rate_bp, gross_pence, net_pence,
        vat_pence, description, service_from, service_to)
      select 'year:' || d::date || ':' || n, d + interval '10 hours', d::date,
        (array['admission','cafe','shop','parties','memberships','credits','gift_voucher','admission'])[n % 8 + 1],
        case when n % 13 = 0 then 'refund' else 'sale' end,
        (array['card','cash','voucher','card'])[n % 4 + 1],
        case when n % 8 = 6 then 0 else 2000 end,
        g, g - v, v, 'seeded',
        case when n % 8 in (0, 3) then (d + (n % 20) * interval '1 day')::date when n % 8 = 4 then d::date end,
        case when n % 8 in (0, 3) then (d + (n % 20) * interval '1 day')::date
             when n % 8 = 4 then (d + interval '1 year' - interval '1 day')::date end
      from generate_series('2025-01-01'::timestamptz, '2025-12-31'::timestamptz, interval '1 day') d,
        generate_series(1, 40) n,
        lateral (select (case when n % 13 = 0 then -1 else 1 end) * (500 + n * 37) as g) gross,
        lateral (select case when n % 8 = 6 then 0 else sign(g)::int * ((2 * abs(g) * 2000 + 12000) / 24000) end as v) vat
    `);
    const started = performance.now();
    const res = await t.admin('GET', '/api/admin/accounts/journal.csv?from=2025-01-01&to=2025-12-31&basis=accrual');
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    expect(seconds).toBeLessThan(10);
    const rows = parseCsv(res.body).slice(1);
    const byDay = new Map<string, number>();
    for (const r of rows) byDay.set(r[0]!, (byDay.get(r[0]!) ?? 0) + Math.round(Number(r[5]) * 100));
    expect(byDay.size).toBe(365);
    expect([...byDay.values()].every((sum) => sum === 0)).toBe(true);
  });
});
