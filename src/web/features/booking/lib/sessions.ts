import type { DateAvailability } from '../../../../shared/contracts/booking';
import { sessionTimes } from '../../../../shared/venue';
import { isWeekend } from '../../../../shared/dates';

/** What the session-time choice offers for one date (DECISIONS.md "Capacity and holds"). */
export type SessionChoice = { value: string; label: string; hint: string; disabled: boolean };

/** The weekday "come any time" choice is sent as no session at all. */
export const ALL_DAY = '';
const morningId = sessionTimes[0].id;

const placesHint = (remaining: number) => (remaining === 1 ? '1 place left' : `${remaining} places left`);

/**
 * Weekends sell sessions only; weekdays also offer "All day (flexible)", which counts against every
 * session, so it needs room in all of them. Baby & toddler tickets need the weekday morning session.
 */
export function sessionChoices(
  day: DateAvailability | undefined,
  iso: string,
  children: number,
  morningOnly: boolean,
): SessionChoice[] {
  const sessions =
    day?.sessions ??
    sessionTimes.map((s) => ({ id: s.id, label: s.label, available: true, remaining: -1, blocked: false }));
  const fits = (s: { available: boolean; blocked: boolean; remaining: number }) =>
    s.available && !s.blocked && (s.remaining < 0 || s.remaining >= Math.max(children, 1));
  const choices: SessionChoice[] = sessions.map((s) => ({
    value: s.id,
    label: s.label,
    hint: s.blocked
      ? 'Unavailable'
      : !s.available || s.remaining === 0
        ? 'Full'
        : s.remaining < 0
          ? ''
          : placesHint(s.remaining),
    disabled: !fits(s) || (morningOnly && s.id !== morningId),
  }));
  if (isWeekend(iso) || morningOnly) return choices;
  const allDayFits = sessions.every(fits);
  const fewest = Math.min(...sessions.map((s) => s.remaining));
  return [
    {
      value: ALL_DAY,
      label: 'All day (flexible)',
      hint: allDayFits
        ? `Arrive any time until last entry${fewest >= 0 ? `, ${placesHint(fewest)}` : ''}`
        : 'Unavailable',
      disabled: !allDayFits,
    },
    ...choices,
  ];
}

/** Whether the family must pick a session (no all-day choice can be taken on this date). */
export function sessionRequired(choices: SessionChoice[]): boolean {
  return !choices.some((c) => c.value === ALL_DAY && !c.disabled);
}
