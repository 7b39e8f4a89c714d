import type { DraftAvailability } from '../../../../shared/contracts/admin-inquiries';

/** How the drafted reply's calendar check reads to staff. */

/** "14:00" -> "2:00 PM" */
export function clock12(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export const slotLabel = (s: { start: string; end: string }) => `${clock12(s.start)} - ${clock12(s.end)}`;

export function availabilitySummary(availability: DraftAvailability, isParty: boolean): string {
  if (isParty) {
    if (availability === 'available') return 'the requested date and time are free.';
    if (availability === 'partial') return 'the requested time is taken, but other times that day are free.';
    return 'nothing is free on the requested date.';
  }
  if (availability === 'available') return 'open play has free sessions every day this week.';
  if (availability === 'partial') return 'some days this week are fully booked or closed.';
  return 'there are no free sessions this week.';
}

export const availabilityBadge: Record<DraftAvailability, { label: string; tone: 'green' | 'amber' | 'red' }> = {
  available: { label: 'Available', tone: 'green' },
  partial: { label: 'Partly available', tone: 'amber' },
  unavailable: { label: 'Not available', tone: 'red' },
};
