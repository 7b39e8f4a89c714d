import { SectionHeading, type SectionProps } from '../section-parts';
import { SessionCard } from './session-form';

/** The day's sessions: times and usual places. */
export function SessionsSection({ catalogue }: SectionProps) {
  return (
    <div>
      <SectionHeading title="Sessions">
        The times families book and how many children each takes. A change that would leave sold bookings outside their
        session is refused: move or cancel those bookings first.
      </SectionHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        {catalogue.sessions.map((s) => (
          <SessionCard key={s.id} session={s} />
        ))}
      </div>
    </div>
  );
}
