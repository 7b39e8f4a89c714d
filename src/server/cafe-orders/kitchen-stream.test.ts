import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CafeOrderView, KitchenOrder, KitchenOrdersResponse } from '../../shared/contracts/cafe-orders';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { signInAs } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import {
  kitchenCookie,
  latteOat,
  openStream,
  orderInput,
  payWithTestCard,
  phone,
  placeOrder,
  saveTables,
} from './testing/cafe-fixtures';

const OPEN = new Date('2026-06-10T10:00:00Z');

type Instance = { app: FastifyInstance; ctx: AppContext; url: string };

async function startInstance(database: Database): Promise<Instance> {
  const { app, ctx } = await buildApp({
    db: database.db,
    config: testConfig(),
    now: () => OPEN,
    webRoot: '/nonexistent',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, ctx, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/**
 * Two server processes on one database, as behind nginx: each its own app, its own pool (PostgreSQL) and its
 * own LISTEN. On PGlite (one embedded database in one process) the two apps share the database object.
 */
describe.each(testDbKinds)('the kitchen stream (%s)', (kind) => {
  let first: Database & { url?: string };
  let second: Database | null = null;
  let a: Instance;
  let b: Instance;
  let token: string;
  let kitchenA: string;
  let kitchenB: string;

  beforeAll(async () => {
    first = await openTestDatabase(kind);
    second = kind === 'postgres' ? await openDatabase({ databaseUrl: first.url! }) : null;
    a = await startInstance(first);
    b = await startInstance(second ?? first);
    const admin = await signInAs(a.app, a.ctx, { role: 'admin' });
    const [table] = await saveTables(requestAs(a.app, admin.cookie), [{ number: 12, name: 'Table 12' }]);
    token = table!.token;
    kitchenA = await kitchenCookie(a.app, a.ctx, 'Kitchen A');
    kitchenB = await kitchenCookie(b.app, b.ctx, 'Kitchen B');
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await second?.close();
    await first?.close();
  });

  const board = async (i: Instance, cookie: string) => {
    const res = await phone(i.app)('GET', '/api/kitchen/orders', undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as KitchenOrdersResponse;
  };

  it('an order paid through one process reaches a kitchen stream on the other, once', async () => {
    const { lastEventId } = await board(b, kitchenB);
    const stream = await openStream(`${b.url}/api/kitchen/stream?lastEventId=${lastEventId}`, { cookie: kitchenB });
    try {
      expect(stream.status).toBe(200);
      const made = await placeOrder(a.app, orderInput(token, { allergyNote: 'Sesame' }));
      const paidAt = Date.now();
      await payWithTestCard(a.app, made.clientSecret);
      const [event] = await stream.waitFor(1);
      expect(Date.now() - paidAt).toBeLessThan(2000);
      expect(event).toMatchObject({
        event: 'order',
        data: { id: made.orderId, status: 'paid', allergyNote: 'Sesame' },
      });
      expect(JSON.stringify(event!.data)).not.toMatch(/clientSecret|email|Pence/);
      // A second confirmation (the webhook after the card form) changes nothing and sends nothing.
      await payWithTestCard(a.app, made.clientSecret);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.events).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('resumes with Last-Event-ID: every order missed while away, none twice', async () => {
    const { lastEventId } = await board(a, kitchenA);
    const stream = await openStream(`${a.url}/api/kitchen/stream?lastEventId=${lastEventId}`, { cookie: kitchenA });
    const one = await placeOrder(b.app, orderInput(token, { lines: [latteOat] }));
    await payWithTestCard(b.app, one.clientSecret);
    const [seen] = await stream.waitFor(1);
    stream.close(); // the screen's Wi-Fi drops
    const two = await placeOrder(b.app, orderInput(token));
    const three = await placeOrder(a.app, orderInput(token));
    await payWithTestCard(b.app, two.clientSecret);
    await payWithTestCard(a.app, three.clientSecret);
    // The first order is started on the other screen meanwhile: its card comes again, as it is now.
    const card = (await board(b, kitchenB)).orders.find((o) => o.id === one.orderId)!;
    const moved = await phone(b.app)(
      'POST',
      `/api/kitchen/orders/${one.orderId}/status`,
      { status: 'in_progress', version: card.version },
      { cookie: kitchenB },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // Reconnects as EventSource does: the header, not the query.
    const again = await openStream(`${a.url}/api/kitchen/stream`, { cookie: kitchenA, 'last-event-id': seen!.id });
    try {
      const events = await again.waitFor(3);
      await new Promise((r) => setTimeout(r, 300));
      const orders = again.events.map((e) => e.data as KitchenOrder);
      expect(orders.map((o) => o.id)).toEqual([two.orderId, three.orderId, one.orderId]);
      expect(orders[2]!.status).toBe('in_progress');
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      for (const e of events) expect(Number(e.id)).toBeGreaterThan(Number(seen!.id));
    } finally {
      again.close();
    }
  });

  it("the phone's order stream: Paid, Being made, Ready, for its own order only", async () => {
    const made = await placeOrder(a.app, orderInput(token));
    const other = await placeOrder(a.app, orderInput(token));
    const denied = await openStream(`${b.url}/api/cafe/orders/${made.orderId}/stream?secret=${other.orderSecret}`);
    expect(denied.status).toBe(404);
    denied.close();
    const stream = await openStream(
      `${b.url}/api/cafe/orders/${made.orderId}/stream?secret=${encodeURIComponent(made.orderSecret)}`,
    );
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor(1);
      expect((stream.events[0]!.data as CafeOrderView).status).toBe('pending_payment');
      await payWithTestCard(a.app, made.clientSecret);
      await payWithTestCard(a.app, other.clientSecret);
      await stream.waitFor(2);
      let version = (await board(a, kitchenA)).orders.find((o) => o.id === made.orderId)!.version;
      for (const status of ['in_progress', 'ready'] as const) {
        const res = await phone(a.app)(
          'POST',
          `/api/kitchen/orders/${made.orderId}/status`,
          { status, version },
          { cookie: kitchenA },
        );
        expect(res.statusCode, res.body).toBe(200);
        version += 1;
      }
      await stream.waitFor(4);
      await new Promise((r) => setTimeout(r, 300));
      const seen = stream.events.map((e) => e.data as CafeOrderView);
      expect(seen.map((o) => o.status)).toEqual(['pending_payment', 'paid', 'in_progress', 'ready']);
      expect(seen.every((o) => o.id === made.orderId)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('a sold-out switch reaches the other process: its stream, and its phones’ menu at once', async () => {
    const { lastEventId } = await board(b, kitchenB);
    const stream = await openStream(`${b.url}/api/kitchen/stream?lastEventId=${lastEventId}`, { cookie: kitchenB });
    try {
      const off = await phone(a.app)(
        'POST',
        '/api/kitchen/items/drink-latte/availability',
        { available: false },
        { cookie: kitchenA },
      );
      expect(off.statusCode, off.body).toBe(200);
      const [event] = await stream.waitFor(1);
      expect(event).toMatchObject({ event: 'item', data: { id: 'drink-latte', available: false } });
      const menu = await phone(b.app)('GET', `/api/cafe/menu?table=${token}`);
      expect(menu.json().items.find((i: { id: string }) => i.id === 'drink-latte').available).toBe(false);
      const refused = await phone(b.app)('POST', '/api/cafe/orders', orderInput(token, { lines: [latteOat] }));
      expect(refused.statusCode).toBe(409);
    } finally {
      stream.close();
    }
  });
});
