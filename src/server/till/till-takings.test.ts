import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sale, ShopItem } from '../../shared/contracts/till';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { buyVoucher } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { keptAndCounted } from '../overview/testing/kept-and-counted';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, sell } from './testing/till-fixtures';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');
const TODAY = '2026-06-10';

describe.each(testDbKinds)('the till’s takings and its shop list (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });

  it('counts entry as tickets, cafe and shop as their own kinds, a voucher’s part as vouchers, less refunds', async () => {
    const session = await openTill(t.staff, 'Takings', 0);
    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 1000, sendOn: TODAY });
    const lines = [
      { kind: 'entry' as const, ticketTypeId: 'child-1-12', quantity: 1 },
      { kind: 'cafe' as const, itemId: 'drink-latte', quantity: 2, optionIds: [] },
      { kind: 'shop' as const, itemId: 'grip-socks', quantity: 2 },
    ];
    // 950 entry (the voucher pays it and 50p of the cafe), 600 cafe, 300 shop.
    const paid: Sale = await sell(t.staff, cashSale(session, lines, { codes: [voucher.code] }));
    expect(paid).toMatchObject({ totalPence: 1850, voucherPence: 1000 });
    const socks = paid.lines.find((l) => l.kind === 'shop')!;
    const refund = await t.staff('POST', `/api/till/sales/${paid.id}/refund`, {
      requestId: randomUUID(),
      lines: [{ lineId: socks.id, quantity: 1 }],
      method: 'cash',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const { kept, counted } = await keptAndCounted(t.ctx.db);
    expect(kept).toEqual(counted);
    expect(kept.find((d) => d.day === TODAY)).toMatchObject({ tickets: 0, cafe: 550, shop: 150, gift_vouchers: 1000 });
  });

  it('exports every sale line with its VAT (admins only)', async () => {
    const url = `/api/admin/exports/sales-lines.csv?from=${TODAY}&to=${TODAY}`;
    expect((await t.staff('GET', url)).statusCode).toBe(403);
    const res = await t.admin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe(
      'Sale number,Sold at (London),Till,Staff,Status,Paid by,Eat in,Kind,Item,Description,Quantity,Unit price (GBP),Total (GBP),VAT rate (%),Net (GBP),VAT (GBP),Refunded quantity',
    );
    const socks = rows.find((r) => r.includes(',shop,grip-socks,'))!;
    expect(socks).toMatch(/,Takings,.*,paid,cash,no,shop,grip-socks,Grip socks,2,1\.50,3\.00,20\.00,2\.50,0\.50,1$/);
    expect(rows.some((r) => r.includes(',cafe,drink-latte,Latte,2,3.00,6.00,20.00,5.00,1.00,0'))).toBe(true);
  });

  it('an admin replaces the shop list (audited); staff may not', async () => {
    const items = [
      { id: 'grip-socks', name: 'Grip socks', pricePence: 175, vatTreatment: 'standard' as const },
      { name: 'Baby vest', pricePence: 500, vatTreatment: 'zero' as const },
    ];
    expect((await t.staff('PUT', '/api/admin/catalogue/shop-items', { items })).statusCode).toBe(403);
    const res = await t.admin('PUT', '/api/admin/catalogue/shop-items', { items });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { items: ShopItem[] }).items).toEqual([
      { id: 'grip-socks', name: 'Grip socks', pricePence: 175, vatTreatment: 'standard', available: true },
      { id: 'baby-vest', name: 'Baby vest', pricePence: 500, vatTreatment: 'zero', available: true },
    ]);
    const audit = (await auditRows(t.ctx.db)).filter((r) => r.action === 'catalogue.shop_items_replaced');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ after: expect.any(Array), before: expect.any(Array) });
    const bad = await t.admin('PUT', '/api/admin/catalogue/shop-items', { items: [{ name: '', pricePence: -1 }] });
    expect(bad.statusCode).toBe(400);
    const patched = await t.admin('PATCH', '/api/admin/catalogue/menu-items/nothing-here/till', { available: false });
    expect(patched.statusCode).toBe(404);
  });
});
