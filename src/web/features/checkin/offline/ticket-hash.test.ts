import { describe, expect, it } from 'vitest';
import { ticketHash } from './ticket-hash';

/** Worked out by the server's day-list.ts (day-list.test.ts checks the same values there). */
const KEY = 'mzGM-8bd6TP1aHxTOWaDCIUmKsGPSxngkGrtwyf9Jok';
const vectors = [
  ['Q2x8k3J5mN7pR9tV1wY3z', 'lzFt1cFi9dfQ0xjUxsDoGw'],
  ['ünïcödé-ticket-✓', 'tOLR21nGJjqMc03Ps_lFjQ'],
] as const;

describe("the kiosk's ticket hash", () => {
  it("is the server's: HMAC-SHA256 under the list's key, 16 bytes, base64url", async () => {
    for (const [code, hash] of vectors) expect(await ticketHash(KEY, code)).toBe(hash);
    expect(await ticketHash(KEY, 'Q2x8k3J5mN7pR9tV1wY3Z')).not.toBe(vectors[0][1]);
  });
});
