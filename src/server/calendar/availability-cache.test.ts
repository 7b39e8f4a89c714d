import { describe, expect, it } from 'vitest';
import { createTtlCache } from './availability-cache';

describe('availability cache', () => {
  it('serves an entry until it is older than the TTL, with concurrent misses sharing one load', async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 1000, clock: () => t });
    const load = async () => `v${++loads}`;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      'v1',
      'v1',
      'v1',
    ]);
    t = 999;
    expect(await cache.get('a', load)).toBe('v1');
    t = 1000;
    expect(await cache.get('a', load)).toBe('v2');
    expect(await cache.get('b', load)).toBe('v3');
    expect(loads).toBe(3);
  });

  it('does not keep a failed load, stays bounded, and is off with a TTL of 0', async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 2, clock: () => 0 });
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c'); // evicts a, the oldest
    expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
    const off = createTtlCache({ ttlMs: 0 });
    let n = 0;
    await off.get('x', async () => `${++n}`);
    expect(await off.get('x', async () => `${++n}`)).toBe('2');
  });

  it('peeks at a fresh entry only: nothing before a load, nothing once it is stale', async () => {
    let t = 0;
    const cache = createTtlCache({ ttlMs: 1000, clock: () => t });
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 'v1');
    expect(await cache.peek('a')).toBe('v1');
    t = 1000;
    expect(cache.peek('a')).toBeUndefined();
  });
});
