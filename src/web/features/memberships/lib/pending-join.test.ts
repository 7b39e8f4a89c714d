import { describe, expect, it } from 'vitest';
import { sameJoin, type PendingJoin } from './pending-join';

const started = {
  plan: { id: 'monthly-play-pass' },
  childIds: ['a', 'b'],
  email: 'sam@example.com',
} as unknown as PendingJoin;

describe('going Back from the payment and on again', () => {
  it('uses the payment already started when the plan, children and address are the same', () => {
    expect(sameJoin(started, 'monthly-play-pass', ['b', 'a'], 'sam@example.com')).toBe(true);
  });

  it('starts a new one when anything changed, or none was started', () => {
    expect(sameJoin(started, 'annual-family-pass', ['a', 'b'], 'sam@example.com')).toBe(false);
    expect(sameJoin(started, 'monthly-play-pass', ['a'], 'sam@example.com')).toBe(false);
    expect(sameJoin(started, 'monthly-play-pass', ['a', 'c'], 'sam@example.com')).toBe(false);
    expect(sameJoin(started, 'monthly-play-pass', ['a', 'b'], 'other@example.com')).toBe(false);
    expect(sameJoin(null, 'monthly-play-pass', ['a', 'b'], 'sam@example.com')).toBe(false);
  });
});
