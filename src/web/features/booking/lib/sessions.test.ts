import { describe, expect, it } from 'vitest';
import type { DateAvailability, SessionAvailability } from '../../../../shared/contracts/booking';
import { ALL_DAY, closedReasonOf, sessionChoices, sessionRequired } from './sessions';
import type { SellRule } from './ticket-rules';

const session = (id: string, over: Partial<SessionAvailability> = {}): SessionAvailability => ({
  id,
  label: id,
  available: true,
  remaining: 60,
  blocked: false,
  ...over,
});
const day = (
  date: string,
  sessions: SessionAvailability[],
  over: Partial<DateAvailability> = {},
): DateAvailability => ({
  date,
  available: true,
  restricted: sessions.some((s) => s.blocked),
  bandId: 'off-peak',
  sessions,
  ...over,
});
// A local catalogue: the sessions a venue might run, with their labels.
const catalogueSessions = [
  { id: 'early', label: '9:00 AM - 11:00 AM' },
  { id: 'late', label: '1:00 PM - 3:00 PM' },
];
const babyMornings: SellRule = { id: 'baby', title: 'Baby Mornings', sellDays: 'weekdays', sessionIds: ['morning'] };
const WEDNESDAY = '2026-12-02';
const SATURDAY = '2026-12-05';
const choicesFor = (d: DateAvailability | undefined, date: string, children: number, rules: SellRule[] = []) =>
  sessionChoices({ day: d, date, children, rules, sessions: catalogueSessions });

describe('sessionChoices', () => {
  it('offers All day first on a weekday, with the fewest places left', () => {
    const choices = choicesFor(
      day(WEDNESDAY, [session('morning', { remaining: 12 }), session('midday'), session('afternoon')]),
      WEDNESDAY,
      2,
    );
    expect(choices.map((c) => c.value)).toEqual([ALL_DAY, 'morning', 'midday', 'afternoon']);
    expect(choices[0]).toMatchObject({ disabled: false, hint: 'Arrive any time until last entry, 12 places left' });
    expect(sessionRequired(choices)).toBe(false);
  });

  it('sells only sessions at weekends, so a session is required', () => {
    const choices = choicesFor(
      day(SATURDAY, [session('morning'), session('midday'), session('afternoon')]),
      SATURDAY,
      1,
    );
    expect(choices.map((c) => c.value)).toEqual(['morning', 'midday', 'afternoon']);
    expect(sessionRequired(choices)).toBe(true);
  });

  it('disables closed and full sessions, and All day when any session cannot take the party', () => {
    const choices = choicesFor(
      day(WEDNESDAY, [
        session('morning', { blocked: true, available: false, closedReason: 'Staff training' }),
        session('midday', { remaining: 0, available: false }),
        session('afternoon', { remaining: 3 }),
      ]),
      WEDNESDAY,
      4,
    );
    expect(choices.map((c) => [c.value, c.disabled, c.hint])).toEqual([
      [ALL_DAY, true, 'Unavailable'],
      ['morning', true, 'Closed: Staff training'],
      ['midday', true, 'Full'],
      ['afternoon', true, '3 places left'],
    ]);
    expect(sessionRequired(choices)).toBe(true);
  });

  it('says a closed session is unavailable when no reason was given', () => {
    const choices = choicesFor(day(SATURDAY, [session('morning', { blocked: true, available: false })]), SATURDAY, 1);
    expect(choices[0]).toMatchObject({ disabled: true, hint: 'Unavailable' });
  });

  it("gives a whole-day closure's reason on All day", () => {
    const closed = { blocked: true, available: false, closedReason: 'Christmas Day' };
    const choices = choicesFor(
      day(WEDNESDAY, [session('morning', closed), session('midday', closed)], {
        available: false,
        closedReason: 'Christmas Day',
      }),
      WEDNESDAY,
      1,
    );
    expect(choices.map((c) => c.hint)).toEqual([
      'Closed: Christmas Day',
      'Closed: Christmas Day',
      'Closed: Christmas Day',
    ]);
    expect(choices.every((c) => c.disabled)).toBe(true);
  });

  it('keeps a ticket sold for one weekday session to that session, and explains the others', () => {
    const choices = choicesFor(
      day(WEDNESDAY, [session('morning'), session('midday'), session('afternoon')]),
      WEDNESDAY,
      1,
      [babyMornings],
    );
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(['morning']);
    expect(choices.find((c) => c.value === 'midday')?.hint).toBe('Not for Baby Mornings tickets');
    expect(sessionRequired(choices)).toBe(true);
  });

  it('offers nothing for a weekday-only ticket at the weekend', () => {
    const choices = choicesFor(day(SATURDAY, [session('morning'), session('midday')]), SATURDAY, 1, [babyMornings]);
    expect(choices.every((c) => c.disabled)).toBe(true);
  });

  it("falls back to the catalogue's sessions, without counts, when availability is unknown", () => {
    const choices = choicesFor(undefined, WEDNESDAY, 1);
    expect(choices.map((c) => [c.value, c.label])).toEqual([
      [ALL_DAY, 'All day (flexible)'],
      ['early', '9:00 AM - 11:00 AM'],
      ['late', '1:00 PM - 3:00 PM'],
    ]);
    expect(choices.every((c) => !c.disabled)).toBe(true);
    expect(choices[1]!.hint).toBe('');
  });
});

describe('closedReasonOf', () => {
  it("is a whole-day closure's reason, or every session's when all are closed", () => {
    expect(closedReasonOf(undefined)).toBeUndefined();
    expect(closedReasonOf(day(WEDNESDAY, [session('morning')], { closedReason: 'Flood' }))).toBe('Flood');
    const training = { blocked: true, available: false, closedReason: 'Training' };
    expect(closedReasonOf(day(WEDNESDAY, [session('morning', training), session('midday')]))).toBeUndefined();
    expect(
      closedReasonOf(
        day(WEDNESDAY, [
          session('morning', training),
          session('midday', training),
          session('afternoon', { ...training, closedReason: 'Party' }),
        ]),
      ),
    ).toBe('Training; Party');
  });
});
