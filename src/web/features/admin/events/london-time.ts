/**
 * The event editor's dates and times are London's wall clock (an <input type="date"> and a
 * <input type="time">); the API speaks ISO instants. Staff pages may pay for Intl's locale data.
 */
let wallFormat: Intl.DateTimeFormat | undefined;

function wallClock(ms: number): string {
  wallFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    wallFormat!.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** "2026-12-05" and "10:30" in London to an ISO instant; null when not a date and time London's clocks show. */
export function londonToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  for (const offset of [3_600_000, 0]) {
    if (wallClock(asUtc - offset) === `${date}T${time}`) return new Date(asUtc - offset).toISOString();
  }
  return null;
}

/** An ISO instant as London's date ("2026-12-05") and time ("10:30"). */
export function isoToLondon(iso: string): { date: string; time: string } {
  const [date = '', time = ''] = wallClock(Date.parse(iso)).split('T');
  return { date, time };
}
