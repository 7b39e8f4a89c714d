import { describe, expect, it } from 'vitest';
import { endOfDay, hashKeyFor, ticketHash } from './day-list';

describe('the day list', () => {
  it('hashes codes as the kiosk does (web/features/checkin/offline/ticket-hash.test.ts has the same values)', () => {
    const key = hashKeyFor('app secret', '0123456789abcdef', '2025-10-20');
    expect(key).toBe('mzGM-8bd6TP1aHxTOWaDCIUmKsGPSxngkGrtwyf9Jok');
    expect(ticketHash(key, 'Q2x8k3J5mN7pR9tV1wY3z')).toBe('lzFt1cFi9dfQ0xjUxsDoGw');
    expect(ticketHash(key, 'ünïcödé-ticket-✓')).toBe('tOLR21nGJjqMc03Ps_lFjQ');
    // Another device, or another day, has another key.
    expect(hashKeyFor('app secret', '0123456789abcdee', '2025-10-20')).not.toBe(key);
    expect(hashKeyFor('app secret', '0123456789abcdef', '2025-10-21')).not.toBe(key);
  });

  it("ends at the venue's midnight, in summer and in winter time", () => {
    expect(endOfDay('2025-11-20').toISOString()).toBe('2025-11-21T00:00:00.000Z');
    expect(endOfDay('2025-10-26').toISOString()).toBe('2025-10-27T00:00:00.000Z');
    expect(endOfDay('2025-07-01').toISOString()).toBe('2025-07-01T23:00:00.000Z');
    expect(endOfDay('2025-10-25').toISOString()).toBe('2025-10-25T23:00:00.000Z'); // clocks go back that night
  });
});
