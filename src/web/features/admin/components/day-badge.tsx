import { bookingDay, type BookingDayKind } from '../../../../shared/booking-day';
import { Pill, type PillTone } from './pill';

const tones: Record<BookingDayKind, PillTone> = { today: 'sky', future: 'green', past: 'slate' };

/**
 * A booking's day badge and relative-day text (SPEC.md section 4): "Future Booking · In 3 days".
 * `today` is the venue's date (Europe/London), from the server where it gives one.
 */
export function DayBadge({ visitDate, today }: { visitDate: string; today: string }) {
  const day = bookingDay(visitDate, today);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="day-badge">
      <Pill tone={tones[day.kind]}>{day.badge}</Pill>
      <span className="text-sm font-semibold text-slate-700">{day.relative}</span>
    </span>
  );
}
