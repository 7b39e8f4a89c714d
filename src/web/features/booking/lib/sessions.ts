import type { DateAvailability, SessionAvailability } from '../../../../shared/contracts/booking';
import type { SessionView } from '../../../../shared/catalogue';
import { isWeekend } from '../../../../shared/dates';
import { basketSellsFor, notSoldHint, type SellRule } from './ticket-rules';

/** What the session-time choice offers for one date (DECISIONS.md "Capacity and holds"). */
export type SessionChoice = { value: string; label: string; hint: string; disabled: boolean };

/** The weekday "come any time" choice is sent as no session at all. */
export const ALL_DAY = '';

const placesHint = (remaining: number) => (remaining === 1 ? '1 place left' : `${remaining} places left`);
const closedHint = (reason: string | undefined) => (reason ? `Closed: ${reason}` : 'Unavailable');

/**
 * Why the venue is closed on this date, as staff wrote it: a whole-day closure's reason, or the sessions'
 * own when every one is closed. Undefined when some session is open (or nothing is known).
 */
export function closedReasonOf(day: DateAvailability | undefined): string | undefined {
  if (!day) return undefined;
  if (day.closedReason) return day.closedReason;
  if (day.sessions.length === 0 || !day.sessions.every((s) => s.blocked && s.closedReason)) return undefined;
  return [...new Set(day.sessions.map((s) => s.closedReason!))].join('; ');
}

/**
 * Weekends sell sessions only; weekdays also offer "All day (flexible)", which counts against every
 * session, so it needs room in all of them. A ticket sold only on some days or for some sessions (the
 * baby and toddler mornings) leaves the other choices disabled, and All day out when it needs a session.
 */
export function sessionChoices(opts: {
  day: DateAvailability | undefined;
  date: string;
  children: number;
  /** The chosen tickets' sale rules (ticket-rules.ts). */
  rules: readonly SellRule[];
  /** The catalogue's sessions: offered without counts when availability is unknown. */
  sessions: readonly Pick<SessionView, 'id' | 'label'>[];
}): SessionChoice[] {
  const { day, date, children, rules } = opts;
  const weekend = isWeekend(date);
  const sessions: SessionAvailability[] =
    day?.sessions ??
    opts.sessions.map((s) => ({ id: s.id, label: s.label, available: true, remaining: -1, blocked: false }));
  const fits = (s: SessionAvailability) =>
    s.available && !s.blocked && (s.remaining < 0 || s.remaining >= Math.max(children, 1));
  const choices: SessionChoice[] = sessions.map((s) => {
    const notSold = notSoldHint(rules, { weekend, sessionId: s.id });
    return {
      value: s.id,
      label: s.label,
      hint: s.blocked
        ? closedHint(s.closedReason)
        : notSold
          ? notSold
          : !s.available || s.remaining === 0
            ? 'Full'
            : s.remaining < 0
              ? ''
              : placesHint(s.remaining),
      disabled: !fits(s) || !!notSold,
    };
  });
  if (weekend || !basketSellsFor(rules, { weekend, sessionId: null })) return choices;
  const allDayFits = sessions.every(fits);
  const fewest = Math.min(...sessions.map((s) => s.remaining));
  return [
    {
      value: ALL_DAY,
      label: 'All day (flexible)',
      hint: allDayFits
        ? `Arrive any time until last entry${fewest >= 0 ? `, ${placesHint(fewest)}` : ''}`
        : closedHint(closedReasonOf(day)),
      disabled: !allDayFits,
    },
    ...choices,
  ];
}

/** Whether the family must pick a session (no all-day choice can be taken on this date). */
export function sessionRequired(choices: SessionChoice[]): boolean {
  return !choices.some((c) => c.value === ALL_DAY && !c.disabled);
}
