import { addDays, todayInLondon } from '../../../src/shared/dates';

/** yyyy-MM-dd of today + n days in the venue's time zone. */
export function londonDatePlus(days: number): string {
  return addDays(todayInLondon(new Date()), days);
}
