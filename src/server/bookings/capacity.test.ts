import { describe, expect, it } from 'vitest';
import { hasRoomFor, remainingPlaces, sessionsCounted } from './capacity';

const all = ['morning', 'midday', 'afternoon'];

describe('capacity arithmetic', () => {
  it('counts a session ticket against its own session only', () => {
    expect(sessionsCounted('midday', all)).toEqual(['midday']);
  });

  it('counts an all-day ticket against every session of the day, in one fixed lock order', () => {
    expect(sessionsCounted(null, all)).toEqual(['afternoon', 'midday', 'morning']);
    expect(sessionsCounted(null, [...all].reverse())).toEqual(sessionsCounted(null, all));
  });

  it('gives an all-day ticket the room of the fullest session', () => {
    const rows = [
      { capacity: 60, taken: 10 },
      { capacity: 60, taken: 58 },
      { capacity: 60, taken: 0 },
    ];
    expect(remainingPlaces(rows)).toBe(2);
    expect(hasRoomFor(rows, 2)).toBe(true);
    expect(hasRoomFor(rows, 3)).toBe(false);
  });

  it('never reports negative room, and no rows means no room', () => {
    expect(remainingPlaces([{ capacity: 5, taken: 7 }])).toBe(0);
    expect(remainingPlaces([])).toBe(0);
    expect(hasRoomFor([], 0)).toBe(false);
  });

  it('fills a session exactly to capacity and not one place more', () => {
    const row = { capacity: 60, taken: 0 };
    let sold = 0;
    for (let i = 0; i < 100; i++) {
      if (hasRoomFor([row], 1)) {
        row.taken += 1;
        sold++;
      }
    }
    expect(sold).toBe(60);
  });
});
