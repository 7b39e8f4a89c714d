import { describe, expect, it } from 'vitest';
import type { SessionChoice } from '../lib/sessions';
import { withOfferChoice } from './held-offer';
import { fullSessions } from './join-waiting-list';

const choices: SessionChoice[] = [
  { value: 'morning', label: '9:30 AM - 11:30 AM', hint: '3 places left', disabled: false },
  { value: 'midday', label: '12:00 PM - 2:00 PM', hint: 'Full', disabled: true },
];
const offer = {
  date: '2025-10-22',
  sessionId: 'midday',
  sessionLabel: '12:00 PM - 2:00 PM',
  places: 2,
  expiresAt: '2025-10-20T11:00:00.000Z', // 12:00 in London (BST)
};

describe('the booking page with a waiting list offer', () => {
  it('makes the offered session choosable on its date only, saying until when it is held', () => {
    expect(withOfferChoice(choices, offer, '2025-10-22')[1]).toEqual({
      ...choices[1],
      disabled: false,
      hint: 'Held for you until 12:00',
    });
    expect(withOfferChoice(choices, offer, '2025-10-23')).toBe(choices);
    expect(withOfferChoice(choices, undefined, '2025-10-22')).toBe(choices);
  });

  it('offers the waiting list for open sessions without room for the places wanted', () => {
    const day = {
      date: '2025-10-22',
      available: true,
      restricted: false,
      bandId: 'off-peak',
      sessions: [
        { id: 'morning', label: 'M', available: true, remaining: 3, blocked: false },
        { id: 'midday', label: 'D', available: false, remaining: 0, blocked: false },
        { id: 'afternoon', label: 'A', available: false, remaining: 0, blocked: true },
      ],
    };
    expect(fullSessions(day, 2).map((s) => s.id)).toEqual(['midday']);
    expect(fullSessions(day, 4).map((s) => s.id)).toEqual(['morning', 'midday']);
    expect(fullSessions(undefined, 1)).toEqual([]);
  });
});
