import { describe, expect, it } from 'vitest';
import { bookingsSummary, placesSummary, takingsSummary } from './chart-text';

const days = [
  { date: '2026-11-13', bookings: 3, takings: 2100 },
  { date: '2026-11-14', bookings: 31, takings: 21_000 },
  { date: '2026-11-15', bookings: 31, takings: 0 },
  { date: '2026-11-16', bookings: 0, takings: 123_456 },
];

describe('chart summaries', () => {
  it('gives the total and the first highest day', () => {
    expect(bookingsSummary(days)).toBe('Bookings per day, last 4 days: 65 in total, highest 31 on Sat 14 Nov.');
    expect(takingsSummary(days)).toBe(
      'Takings per day, last 4 days: £1,465.56 in total, highest £1,234.56 on Mon 16 Nov.',
    );
  });

  it('says none when nothing happened', () => {
    const quiet = days.map((d) => ({ ...d, bookings: 0, takings: 0 }));
    expect(bookingsSummary(quiet)).toBe('Bookings per day, last 4 days: none.');
    expect(takingsSummary(quiet)).toBe('Takings per day, last 4 days: none.');
  });

  it('names the busiest session and the places sold of all there are', () => {
    const sessions = [
      { id: 'morning', label: '9:30 AM - 11:30 AM' },
      { id: 'midday', label: '12:00 PM - 2:00 PM' },
    ];
    const upcoming = [
      {
        date: '2026-11-23',
        sessions: [
          { sessionId: 'morning', sold: 4, capacity: 60 },
          { sessionId: 'midday', sold: 0, capacity: 60 },
        ],
      },
      {
        date: '2026-11-28',
        sessions: [
          { sessionId: 'morning', sold: 1, capacity: 60 },
          { sessionId: 'midday', sold: 30, capacity: 45 },
        ],
      },
    ];
    expect(placesSummary({ sessions, upcoming })).toBe(
      'Places sold per session, next 2 days: 35 of 225 places sold; busiest Sat 28 Nov 12:00 PM - 2:00 PM, 30 of 45.',
    );
    const empty = upcoming.map((d) => ({ ...d, sessions: d.sessions.map((s) => ({ ...s, sold: 0 })) }));
    expect(placesSummary({ sessions, upcoming: empty })).toBe(
      'Places sold per session, next 2 days: none yet, 225 places free.',
    );
  });
});
