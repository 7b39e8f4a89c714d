import { VENUE_TIME_ZONE } from '../../../../shared/venue';

/** Times and dates at the venue (Europe/London), whatever the device's own time zone. */

const time = new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "10:31 AM", as the venue writes session times. */
export const formatTime = (iso: string | Date) => time.format(new Date(iso));

/** "22 Oct 2025, 10:31 AM" */
export const formatDayAndTime = (iso: string | Date) => `${day.format(new Date(iso))}, ${formatTime(iso)}`;

/** "1 child", "2 adults" */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "1 h 30 min", "45 min" */
export function formatMinutes(minutes: number): string {
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h ${m % 60} min` : `${m} min`;
}
