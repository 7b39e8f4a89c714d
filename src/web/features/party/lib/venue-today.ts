const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today at the venue (Europe/London) as yyyy-MM-dd, whatever the visitor's own time zone. */
export const venueTodayIso = (now = new Date()): string => londonDay.format(now);
