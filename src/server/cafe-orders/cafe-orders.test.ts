import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  tableCodeChangedMessage,
  type CafeMenuResponse,
  type CafeOrderView,
  type CafeTable,
  type KitchenOrdersResponse,
} from '../../shared/contracts/cafe-orders';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { cafeOrders, payments } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import {
  clubSandwich,
  kitchenCookie,
  latteOat,
  orderInput,
  payWithTestCard,
  phone,
  placeOrder,
  saveTables,
} from './testing/cafe-fixtures';
import { keptAndCounted } from '../overview/testing/kept-and-counted';

// Wednesday 10 June 2026, 11:00 in London: the venue is open (09:30 to 16:00).
const OPEN = new Date('2026-06-10T10:00:00Z');
const EVENING = new Date('2026-06-10T19:00:00Z');

describe.each(testDbKinds)('orders from the table (%s)', (kind) => {
  let now = OPEN;
  const t = useAdminApp(kind, { now: () => now });
  let tables: CafeTable[];
  let kitchen: string;
  const asKitchen = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    phone(t.app)(method, url, payload, { cookie: kitchen });

  beforeAll(async () => {
    tables = await saveTables(t.admin, [
      { number: 12, name: 'Table 12' },
      { number: 3, name: 'Window table' },
    ]);
    kitchen = await kitchenCookie(t.app, t.ctx);
  });

  it('admins name the tables; each has a signed token and an order link; strangers and staff may not', async () => {
    expect(tables.map((x) => [x.number, x.name])).toEqual([
      [3, 'Window table'],
      [12, 'Table 12'],
    ]);
    for (const x of tables) expect(x.orderUrl).toMatch(new RegExp(`/order/${x.token.replace('.', '\\.')}$`));
    expect((await t.anon('GET', '/api/admin/cafe/tables')).statusCode).toBe(401);
    expect((await t.staff('GET', '/api/admin/cafe/tables')).statusCode).toBe(403);
    const dup = await t.admin('PUT', '/api/admin/cafe/tables', {
      tables: [
        { number: 1, name: 'A' },
        { number: 1, name: 'B' },
      ],
    });
    expect(dup.statusCode).toBe(400);
  });

  it('the menu for a table: its name, prices, allergens, options and availability; a forged token is a 404', async () => {
    const res = await phone(t.app)('GET', `/api/cafe/menu?table=${tables[1]!.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json() as CafeMenuResponse;
    expect(menu.table).toEqual({ number: 12, name: 'Table 12' });
    expect(menu.open).toBe(true);
    const latte = menu.items.find((i) => i.id === 'drink-latte')!;
    expect(latte).toMatchObject({ available: true, options: [{ id: 'oat-milk', pricePence: 30 }] });
    expect(latte.allergens).toContain('milk');
    const forged = tables[1]!.token.slice(0, -3) + 'abc';
    for (const token of [forged, 'not-a-real-table-token', `${randomUUID()}_1.abcdefabcdef`]) {
      const bad = await phone(t.app)('GET', `/api/cafe/menu?table=${encodeURIComponent(token)}`);
      expect(bad.statusCode, token).toBe(404);
      expect(bad.json().error.message).toBe(tableCodeChangedMessage);
    }
  });

  it('a changed token (a card taken home) makes the old code say so; the new one works', async () => {
    const [window, twelve] = tables;
    const saved = await saveTables(t.admin, [
      { id: window!.id, number: 3, name: 'Window table', rotateToken: true },
      { id: twelve!.id, number: 12, name: 'Table 12' },
    ]);
    const old = await phone(t.app)('GET', `/api/cafe/menu?table=${window!.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe(tableCodeChangedMessage);
    const order = await phone(t.app)('POST', '/api/cafe/orders', orderInput(window!.token));
    expect(order.statusCode).toBe(404);
    expect(saved[0]!.token).not.toBe(window!.token);
    expect((await phone(t.app)('GET', `/api/cafe/menu?table=${saved[0]!.token}`)).statusCode).toBe(200);
    expect(saved[1]!.token).toBe(twelve!.token);
    tables = saved;
  });

  it('prices the order on the server, eaten in: VAT per line (cold food standard-rated); a forged price is refused', async () => {
    const made = await placeOrder(t.app, orderInput(tables[1]!.token, { allergyNote: 'Nut allergy!' }));
    // Latte (menu price + 30p oat milk) and two club sandwiches, all at 20% eaten in.
    const menu = (await phone(t.app)('GET', `/api/cafe/menu?table=${tables[1]!.token}`)).json() as CafeMenuResponse;
    const price = (id: string) => menu.items.find((i) => i.id === id)!.pricePence;
    const latteTotal = price('drink-latte') + 30;
    const sandwiches = price('adult-club-sandwich') * 2;
    expect(made.finalAmount).toBe(latteTotal + sandwiches);
    expect(made.lines.map((l) => [l.name, l.options, l.totalPence, l.vatRateBasisPoints])).toEqual([
      ['Latte', ['Oat milk'], latteTotal, 2000],
      ['Club Sandwich', [], sandwiches, 2000],
    ]);
    for (const l of made.lines) expect(l.netPence + l.vatPence).toBe(l.totalPence);
    expect(made.clientSecret).not.toBe('');
    for (const forged of [
      { ...orderInput(tables[1]!.token), totalPence: 1 },
      { ...orderInput(tables[1]!.token), lines: [{ ...latteOat, pricePence: 1 }] },
    ]) {
      const res = await phone(t.app)('POST', '/api/cafe/orders', forged);
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('the same requestId answers the same order and payment; another table cannot reuse it', async () => {
    const input = orderInput(tables[1]!.token);
    const first = await placeOrder(t.app, input);
    const again = await placeOrder(t.app, input);
    expect(again).toEqual(first);
    const counted = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from payments where cafe_order_id = ${first.orderId}`),
    );
    expect(counted[0]?.n).toBe(1);
    const other = await phone(t.app)('POST', '/api/cafe/orders', { ...input, tableToken: tables[0]!.token });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('request_id_reused');
  });

  it('two phones on one table each pay for their own basket; the kitchen sees both, without the payer', async () => {
    const a = await placeOrder(t.app, orderInput(tables[1]!.token, { lines: [latteOat], email: 'a@example.com' }));
    const b = await placeOrder(t.app, orderInput(tables[1]!.token, { lines: [clubSandwich], allergyNote: 'No egg' }));
    expect(a.orderId).not.toBe(b.orderId);
    await payWithTestCard(t.app, a.clientSecret);
    const onlyA = (await asKitchen('GET', '/api/kitchen/orders')).json() as KitchenOrdersResponse;
    expect(onlyA.orders.map((o) => o.id)).toContain(a.orderId);
    expect(onlyA.orders.map((o) => o.id)).not.toContain(b.orderId);
    await payWithTestCard(t.app, b.clientSecret);
    const res = await asKitchen('GET', '/api/kitchen/orders');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as KitchenOrdersResponse;
    const ids = board.orders.map((o) => o.id);
    expect(ids.indexOf(a.orderId)).toBeLessThan(ids.indexOf(b.orderId)); // oldest first
    const cardB = board.orders.find((o) => o.id === b.orderId)!;
    expect(cardB).toMatchObject({ status: 'paid', table: { number: 12 }, allergyNote: 'No egg' });
    expect(cardB.lines).toEqual([{ name: 'Club Sandwich', options: [], quantity: 2 }]);
    expect(res.body).not.toContain('a@example.com');
    expect(res.body).not.toMatch(/clientSecret|pi_|amount|Pence/);
    const [payA] = await t.ctx.db.select().from(payments).where(eq(payments.cafeOrderId, a.orderId));
    expect(payA).toMatchObject({ status: 'succeeded', purpose: 'cafe_order' });
    // Cafe takings on the Overview, on the day paid: what the triggers keep is what the rows count.
    const { kept, counted } = await keptAndCounted(t.ctx.db);
    expect(kept).toEqual(counted);
    expect(kept.find((d) => d.day === '2026-06-10')).toMatchObject({ cafe: a.finalAmount + b.finalAmount });
  });

  it("the order's page answers its own phone only", async () => {
    const made = await placeOrder(t.app, orderInput(tables[1]!.token));
    const other = await placeOrder(t.app, orderInput(tables[0]!.token));
    const url = `/api/cafe/orders/${made.orderId}`;
    const mine = await phone(t.app)('GET', url, undefined, { 'x-order-secret': made.orderSecret });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json() as CafeOrderView).toMatchObject({
      id: made.orderId,
      status: 'pending_payment',
      table: { number: 12 },
    });
    expect((await phone(t.app)('GET', url)).statusCode).toBe(404);
    expect((await phone(t.app)('GET', url, undefined, { 'x-order-secret': other.orderSecret })).statusCode).toBe(404);
    expect((await phone(t.app)('GET', `/api/cafe/orders/not-a-uuid`)).statusCode).toBe(400);
  });

  it('an item sold out after it went in the basket is refused with 409 before any money moves', async () => {
    const off = await asKitchen('POST', '/api/kitchen/items/adult-club-sandwich/availability', { available: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: 'adult-club-sandwich', available: false });
    const before = await t.ctx.db.select().from(payments);
    const res = await phone(t.app)('POST', '/api/cafe/orders', orderInput(tables[1]!.token));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_unavailable');
    expect(await t.ctx.db.select().from(payments)).toHaveLength(before.length);
    const menu = (await phone(t.app)('GET', `/api/cafe/menu?table=${tables[1]!.token}`)).json() as CafeMenuResponse;
    expect(menu.items.find((i) => i.id === 'adult-club-sandwich')?.available).toBe(false);
    const back = await asKitchen('POST', '/api/kitchen/items/adult-club-sandwich/availability', { available: true });
    expect(back.json()).toMatchObject({ available: true });
    expect((await phone(t.app)('POST', '/api/cafe/orders', orderInput(tables[1]!.token))).statusCode).toBe(201);
    const missing = await asKitchen('POST', '/api/kitchen/items/no-such-item/availability', { available: true });
    expect(missing.statusCode).toBe(404);
  });

  it('orders are taken only while the cafe is open; the menu says when it opens', async () => {
    now = EVENING;
    try {
      const menu = (await phone(t.app)('GET', `/api/cafe/menu?table=${tables[1]!.token}`)).json() as CafeMenuResponse;
      expect(menu).toMatchObject({ open: false, opensAt: '09:30' });
      const res = await phone(t.app)('POST', '/api/cafe/orders', orderInput(tables[1]!.token));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('cafe_closed');
    } finally {
      now = OPEN;
    }
    // A day the venue is closed (a whole-day closure): no orders either.
    await t.ctx.db.execute(
      sql`insert into session_restrictions (date, reason, created_by) values ('2026-06-10', 'closed', 'test')`,
    );
    try {
      const menu = (await phone(t.app)('GET', `/api/cafe/menu?table=${tables[1]!.token}`)).json() as CafeMenuResponse;
      expect(menu.open).toBe(false);
      const res = await phone(t.app)('POST', '/api/cafe/orders', orderInput(tables[1]!.token));
      expect(res.json().error.code).toBe('cafe_closed');
    } finally {
      await t.ctx.db.execute(sql`delete from session_restrictions where date = '2026-06-10' and created_by = 'test'`);
    }
    expect((await phone(t.app)('POST', '/api/cafe/orders', orderInput(tables[1]!.token))).statusCode).toBe(201);
  });

  it('status changes are versioned: start, bump, recall; a stale version is a 409', async () => {
    const made = await placeOrder(t.app, orderInput(tables[1]!.token));
    const unpaid = await asKitchen('POST', `/api/kitchen/orders/${made.orderId}/status`, {
      status: 'in_progress',
      version: 1,
    });
    expect(unpaid.statusCode).toBe(404);
    await payWithTestCard(t.app, made.clientSecret);
    const [row] = await t.ctx.db.select().from(cafeOrders).where(eq(cafeOrders.id, made.orderId));
    const url = `/api/kitchen/orders/${made.orderId}/status`;
    const started = await asKitchen('POST', url, { status: 'in_progress', version: row!.version });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', version: row!.version + 1 });
    const stale = await asKitchen('POST', url, { status: 'ready', version: row!.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'stale_version', current: { status: 'in_progress' } });
    const ready = await asKitchen('POST', url, { status: 'ready', version: row!.version + 1 });
    expect(ready.json()).toMatchObject({ status: 'ready', version: row!.version + 2 });
    const view = await phone(t.app)('GET', `/api/cafe/orders/${made.orderId}`, undefined, {
      'x-order-secret': made.orderSecret,
    });
    expect(view.json()).toMatchObject({ status: 'ready' });
    const recalled = await asKitchen('POST', url, { status: 'in_progress', version: row!.version + 2 });
    expect(recalled.json()).toMatchObject({ status: 'in_progress', readyAt: null });
    const bad = await asKitchen('POST', url, { status: 'paid', version: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('strangers, families, kiosks and staff browsers are refused on every kitchen route', async () => {
    const family = await familyCookieFor(t.ctx.db, 'parent@example.com', OPEN);
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const id = randomUUID();
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/kitchen/orders'],
      ['GET', '/api/kitchen/stream'],
      ['POST', `/api/kitchen/orders/${id}/status`, { status: 'ready', version: 1 }],
      ['POST', '/api/kitchen/items/drink-latte/availability', { available: false }],
    ];
    for (const [method, url, body] of routes) {
      expect((await phone(t.app)(method, url, body)).statusCode, `stranger ${url}`).toBe(401);
      expect((await phone(t.app)(method, url, body, { cookie: family })).statusCode, `family ${url}`).toBe(401);
      expect((await phone(t.app)(method, url, body, { cookie: kiosk })).statusCode, `kiosk ${url}`).toBe(403);
      expect((await phone(t.app)(method, url, body, { cookie: t.cookies.staff })).statusCode, `staff ${url}`).toBe(403);
      expect((await phone(t.app)(method, url, body, { cookie: t.cookies.admin })).statusCode, `admin ${url}`).toBe(403);
    }
    const latte = await t.ctx.db.execute(sql`select available from menu_items where id = 'drink-latte'`);
    expect(rowsOf<{ available: boolean }>(latte)[0]!.available).toBe(true);
    // The kitchen screen itself may do nothing else: not the staff area, not the kiosk.
    expect((await asKitchen('GET', '/api/till/catalogue')).statusCode).toBe(403);
    expect((await asKitchen('GET', '/api/admin/cafe/tables')).statusCode).toBe(403);
    const me = await asKitchen('GET', '/api/staff/me');
    expect(me.json()).toEqual({ signedIn: true, kind: 'kitchen', label: 'Kitchen screen' });
  });

  it('admins refund a paid order (never the kitchen): the money goes back, the card leaves the kitchen', async () => {
    const made = await placeOrder(t.app, orderInput(tables[1]!.token));
    const url = `/api/admin/cafe/orders/${made.orderId}/refund`;
    expect((await t.admin('POST', url, { reason: 'Spilt' })).statusCode).toBe(409); // not paid yet
    await payWithTestCard(t.app, made.clientSecret);
    expect((await asKitchen('POST', url, { reason: 'Spilt' })).statusCode).toBe(403);
    expect((await t.staff('POST', url, { reason: 'Spilt' })).statusCode).toBe(403);
    const res = await t.admin('POST', url, { reason: 'Spilt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.cafeOrderId, made.orderId));
    expect(payment).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundPence: made.finalAmount });
    const board = (await asKitchen('GET', '/api/kitchen/orders')).json() as KitchenOrdersResponse;
    expect(board.orders.map((o) => o.id)).not.toContain(made.orderId);
    expect((await t.admin('POST', url, { reason: 'Again' })).statusCode).toBe(409);
  });

  it("an erasure of the payer's address takes it and the allergy note off their orders", async () => {
    const made = await placeOrder(
      t.app,
      orderInput(tables[1]!.token, { email: 'Erase.Me@example.com', allergyNote: 'Coeliac' }),
    );
    const res = await t.admin('POST', '/api/admin/privacy/erase', { email: 'erase.me@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(cafeOrders).where(eq(cafeOrders.id, made.orderId));
    expect(row!.email).toMatch(/^erased\+.*@invalid$/);
    expect(row!.allergyNote).toBe('');
    expect(row!.totalPence).toBe(made.finalAmount);
  });

  it('kitchen screens are listed and ended in Staff & Devices', async () => {
    const list = await t.admin('GET', '/api/staff/sessions');
    const screen = (list.json() as { sessions: { id: string; kind: string; label: string }[] }).sessions.find(
      (s) => s.kind === 'kitchen',
    );
    expect(screen).toMatchObject({ label: 'Kitchen screen' });
    const other = await kitchenCookie(t.app, t.ctx, 'Pass screen');
    const sessions = (await t.admin('GET', '/api/staff/sessions')).json() as {
      sessions: { id: string; label: string }[];
    };
    const pass = sessions.sessions.find((s) => s.label === 'Pass screen')!;
    expect((await t.admin('POST', `/api/staff/sessions/${pass.id}/end`)).statusCode).toBe(200);
    expect((await phone(t.app)('GET', '/api/kitchen/orders', undefined, { cookie: other })).statusCode).toBe(401);
  });
});
