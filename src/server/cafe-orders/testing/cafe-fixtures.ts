import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CafeTable, CreateCafeOrder, CreateCafeOrderResponse } from '../../../shared/contracts/cafe-orders';
import type { Req } from '../../catalogue/testing/admin-fixtures';
import type { AppContext } from '../../context';
import { cookieFrom, signInAs } from '../../testing/staff-fixtures';

/** Saves the tables as the admin; answers them with their tokens. */
export async function saveTables(
  admin: Req,
  tables: { id?: string; number: number; name: string; rotateToken?: boolean }[],
) {
  const res = await admin('PUT', '/api/admin/cafe/tables', { tables });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tables: CafeTable[] }).tables;
}

/** A phone's request: JSON body, no cookie. */
export function phone(app: FastifyInstance) {
  return (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

export const latteOat = { itemId: 'drink-latte', quantity: 1, optionIds: ['oat-milk'] };
export const clubSandwich = { itemId: 'adult-club-sandwich', quantity: 2 };

export function orderInput(tableToken: string, more: Partial<CreateCafeOrder> = {}): CreateCafeOrder {
  return { tableToken, requestId: randomUUID(), lines: [latteOat, clubSandwich], ...more };
}

export async function placeOrder(app: FastifyInstance, input: CreateCafeOrder): Promise<CreateCafeOrderResponse> {
  const res = await phone(app)('POST', '/api/cafe/orders', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreateCafeOrderResponse;
}

/** Pays with the TEST MODE card form, through the one payment path (applyPaymentStatus). */
export async function payWithTestCard(app: FastifyInstance, clientSecret: string): Promise<void> {
  const res = await phone(app)('POST', '/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'succeeded' });
}

/** A staff member signs in and puts this browser in kitchen mode: answers its cookie. */
export async function kitchenCookie(app: FastifyInstance, ctx: AppContext, label = 'Kitchen screen'): Promise<string> {
  const staff = await signInAs(app, ctx, { role: 'staff' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/kitchen-mode',
    headers: { cookie: staff.cookie },
    payload: { label },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

export type SseEvent = { id: string; event: string; data: unknown };

/**
 * Opens an event stream over real HTTP (its own connection, closed with it) and collects its events;
 * `waitFor(n)` waits until n have come (or fails after `timeoutMs`), `close()` drops the connection.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  const req = http.get(url, { headers, agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.on('error', () => {}); // the test closing it
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const data = field('data');
      if (data === undefined || res.statusCode !== 200) continue;
      events.push({ id: field('id') ?? '', event: field('event') ?? 'message', data: JSON.parse(data) });
      for (const w of waiters.splice(0)) w();
    }
  });
  return {
    status: res.statusCode,
    events,
    async waitFor(count: number, timeoutMs = 3000): Promise<SseEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`stream had ${events.length} events, wanted ${count}: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
      return events;
    },
    close: () => req.destroy(),
  };
}
