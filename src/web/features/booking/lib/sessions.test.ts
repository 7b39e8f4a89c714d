import { describe, expect, it } from 'vitest';
import type { DateAvailability, SessionAvailability } from '../../../../shared/contracts/booking';
import { ALL_DAY, sessionChoices, sessionRequired } from './sessions';

const session = (id: string, over: Partial<SessionAvailability> = {}): SessionAvailability => ({
  id,
  label: id,
  available: true,
  remaining: 60,
  blocked: false,
  ...over,
});
const day = (date: string, sessions: SessionAvailability[]): DateAvailability => ({
  date,
  available: true,
  restricted: sessions.some((s) => s.blocked),
  sessions,
});
const WEDNESDAY = '2026-12-02';
const SATURDAY = '2026-12-05';

describe('sessionChoices', () => {
  it('offers All day first on a weekday, with the fewest places left', () => {
    const choices = sessionChoices(
      day(WEDNESDAY, [session('morning', { remaining: 12 }), session('midday'), session('afternoon')]),
      WEDNESDAY,
      2,
      false,
    );
    expect(choices.map((c) => c.value)).toEqual([ALL_DAY, 'morning', 'midday', 'afternoon']);
    expect(choices[0]).toMatchObject({ disabled: false, hint: 'Arrive any time until last entry, 12 places left' });
    expect(sessionRequired(choices)).toBe(false);
  });

  it('sells only sessions at weekends, so a session is required', () => {
    const choices = sessionChoices(
      day(SATURDAY, [session('morning'), session('midday'), session('afternoon')]),
      SATURDAY,
      1,
      false,
    );
    expect(choices.map((c) => c.value)).toEqual(['morning', 'midday', 'afternoon']);
    expect(sessionRequired(choices)).toBe(true);
  });

  it('disables blocked and full sessions, and All day when any session cannot take the party', () => {
    const choices = sessionChoices(
      day(WEDNESDAY, [
        session('morning', { blocked: true, available: false }),
        session('midday', { remaining: 0, available: false }),
        session('afternoon', { remaining: 3 }),
      ]),
      WEDNESDAY,
      4,
      false,
    );
    expect(choices.map((c) => [c.value, c.disabled, c.hint])).toEqual([
      [ALL_DAY, true, 'Unavailable'],
      ['morning', true, 'Unavailable'],
      ['midday', true, 'Full'],
      ['afternoon', true, '3 places left'],
    ]);
    expect(sessionRequired(choices)).toBe(true);
  });

  it('keeps baby & toddler tickets to the weekday morning session', () => {
    const choices = sessionChoices(
      day(WEDNESDAY, [session('morning'), session('midday'), session('afternoon')]),
      WEDNESDAY,
      1,
      true,
    );
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(['morning']);
    expect(sessionRequired(choices)).toBe(true);
  });

  it('falls back to the venue sessions, without counts, when availability is unknown', () => {
    const choices = sessionChoices(undefined, WEDNESDAY, 1, false);
    expect(choices.every((c) => !c.disabled)).toBe(true);
    expect(choices[1]!.hint).toBe('');
  });
});
