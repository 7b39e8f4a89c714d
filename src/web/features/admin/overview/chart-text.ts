import type { OverviewChartsResponse } from '../../../../shared/contracts/overview-charts';
import { shortDayMonth } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';

/**
 * The sentence that names each chart for a screen reader (and sits under its heading for everyone):
 * what it shows, the total, and the peak, so nobody has to read 30 bars to learn the gist.
 */

/** What the summaries read of a day (its figures by kind are in the table beside the chart). */
type Day = Pick<OverviewChartsResponse['days'][number], 'date' | 'bookings' | 'takings'>;

const count = (n: number) => n.toLocaleString('en-GB');

/** The first day with the largest value (ties go to the earlier day). */
function peak(days: Day[], pick: (d: Day) => number): Day | undefined {
  return days.reduce<Day | undefined>((best, d) => (!best || pick(d) > pick(best) ? d : best), undefined);
}

export function bookingsSummary(days: Day[]): string {
  const total = days.reduce((s, d) => s + d.bookings, 0);
  const top = peak(days, (d) => d.bookings);
  if (!total || !top) return `Bookings per day, last ${days.length} days: none.`;
  return `Bookings per day, last ${days.length} days: ${count(total)} in total, highest ${count(top.bookings)} on ${shortDayMonth(top.date)}.`;
}

export function takingsSummary(days: Day[]): string {
  const total = days.reduce((s, d) => s + d.takings, 0);
  const top = peak(days, (d) => d.takings);
  if (!total || !top) return `Takings per day, last ${days.length} days: none.`;
  return `Takings per day, last ${days.length} days: ${formatPence(total)} in total, highest ${formatPence(top.takings)} on ${shortDayMonth(top.date)}.`;
}

export function placesSummary(charts: Pick<OverviewChartsResponse, 'sessions' | 'upcoming'>): string {
  const label = new Map(charts.sessions.map((s) => [s.id, s.label]));
  const cells = charts.upcoming.flatMap((d) => d.sessions.map((s) => ({ ...s, date: d.date })));
  const sold = cells.reduce((s, c) => s + c.sold, 0);
  const capacity = cells.reduce((s, c) => s + c.capacity, 0);
  const head = `Places sold per session, next ${charts.upcoming.length} days`;
  if (!sold) return `${head}: none yet, ${count(capacity)} places free.`;
  const top = cells.reduce((best, c) => (c.sold > best.sold ? c : best));
  return `${head}: ${count(sold)} of ${count(capacity)} places sold; busiest ${shortDayMonth(top.date)} ${label.get(top.sessionId) ?? top.sessionId}, ${count(top.sold)} of ${count(top.capacity)}.`;
}
