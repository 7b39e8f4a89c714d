import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QueueState } from '../../shared/contracts/events';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { eventQueueEntries } from '../db/schema';
import { testDbKinds } from '../testing/test-database';
import { cryptoShuffle } from './queue-order';
import { createEventAs, grotto, joinQueueAs, pollQueue, solvedPayload } from './testing/event-fixtures';

const ON_SALE = new Date('2026-10-28T10:00:00Z');
const at = (seconds: number) => new Date(ON_SALE.getTime() + seconds * 1000);

describe('cryptoShuffle', () => {
  it('keeps every item and gives different orders', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const orders = new Set(Array.from({ length: 10 }, () => cryptoShuffle(items).join(',')));
    expect(orders.size).toBeGreaterThan(1);
    for (const o of orders)
      expect(
        o
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(items);
  });
});

describe.each(testDbKinds)('the waiting room (%s)', (kind) => {
  let clock = at(-600);
  const t = useAdminApp(kind, { now: () => clock, config: { EVENT_POW_MAX_NUMBER: '300' } });

  it('is shut until 30 minutes before sale; the proof of work is refused when missing, wrong or reused', async () => {
    clock = at(-3600);
    const e = await createEventAs(t.admin, grotto(ON_SALE));
    const early = await t.anon('POST', `/api/events/${e.id}/queue`, { payload: await solvedPayload(t.anon, e.id) });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'queue_not_open' } });
    clock = at(-600);
    const missing = await t.anon('POST', `/api/events/${e.id}/queue`, {});
    expect(missing.statusCode).toBe(400);
    const payload = await solvedPayload(t.anon, e.id);
    const solved = JSON.parse(Buffer.from(payload, 'base64').toString()) as { number: number };
    const wrong = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64').toString()), number: solved.number + 1 }),
    ).toString('base64');
    const bad = await t.anon('POST', `/api/events/${e.id}/queue`, { payload: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'proof_of_work_invalid' } });
    expect((await t.anon('POST', `/api/events/${e.id}/queue`, { payload: 'bm90IGpzb24=' })).statusCode).toBe(400);
    expect((await t.anon('POST', `/api/events/${e.id}/queue`, { payload })).statusCode).toBe(201);
    const again = await t.anon('POST', `/api/events/${e.id}/queue`, { payload });
    expect(again.json()).toMatchObject({ error: { code: 'proof_of_work_invalid' } });
    // A solution for another event does not join this one.
    const other = await createEventAs(t.admin, grotto(ON_SALE));
    const crossed = await t.anon('POST', `/api/events/${other.id}/queue`, {
      payload: await solvedPayload(t.anon, e.id),
    });
    expect(crossed.json()).toMatchObject({ error: { code: 'proof_of_work_invalid' } });
  });

  it('shuffles the pre-queue at the on-sale instant, puts later arrivals behind in order, admits at the rate', async () => {
    clock = at(-900);
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 60 }));
    const early: string[] = [];
    for (let i = 0; i < 8; i++) {
      clock = at(-900 + i);
      early.push(await joinQueueAs(t.anon, e.id));
    }
    expect(await pollQueue(t.anon, e.id, early[0]!)).toMatchObject({ status: 'waiting', position: null });
    clock = at(0);
    const late: string[] = [];
    for (let i = 0; i < 3; i++) late.push(await joinQueueAs(t.anon, e.id));
    const states = await Promise.all(early.map((tk) => pollQueue(t.anon, e.id, tk)));
    const positions = states.map((s) => s.position!);
    expect([...positions].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The order is recorded on the entries: arrival order and queue order side by side.
    const rows = await t.ctx.db.select().from(eventQueueEntries).where(eq(eventQueueEntries.eventId, e.id));
    expect(rows.filter((r) => r.position !== null)).toHaveLength(11);
    const lateStates = await Promise.all(late.map((tk) => pollQueue(t.anon, e.id, tk)));
    expect(lateStates.map((s) => s.position)).toEqual([9, 10, 11]);
    // At the instant, the first family is in; the rest wait with an honest estimate (one a second).
    const first = states.find((s) => s.position === 1)!;
    expect(first.status).toBe('admitted');
    expect(first.admission).toEqual(expect.any(String));
    const third = states.find((s) => s.position === 3)!;
    expect(third).toMatchObject({ status: 'waiting', ahead: 1, estimateSeconds: 2 });
    clock = at(5);
    const moved = await Promise.all(early.map((tk) => pollQueue(t.anon, e.id, tk)));
    const admitted = moved.filter((s) => s.status === 'admitted').map((s) => s.position);
    expect(admitted.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a forged or unknown ticket with 404', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE));
    clock = at(-60);
    const ticket = await joinQueueAs(t.anon, e.id);
    const forged = ticket.slice(0, -4) + (ticket.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await t.anon('GET', `/api/events/${e.id}/queue/${forged}`);
    expect(res.statusCode).toBe(404);
    const other = await createEventAs(t.admin, grotto(ON_SALE));
    expect((await t.anon('GET', `/api/events/${other.id}/queue/${ticket}`)).statusCode).toBe(404);
    const state: QueueState = await pollQueue(t.anon, e.id, ticket);
    expect(state.status).toBe('waiting');
  });
});

describe.each(testDbKinds)('the waiting room with rate limits on (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => at(-60), config: { EVENT_POW_MAX_NUMBER: '50', RATE_LIMITS: 'on' } });

  it('refuses an address that joins too often with 429', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE));
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const payload = await solvedPayload(t.anon, e.id);
      codes.push((await t.anon('POST', `/api/events/${e.id}/queue`, { payload })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
