import { useState } from 'react';
import { Link } from '../../../../app/router';
import { cardClass, SectionHeading, type SectionProps } from '../section-parts';
import { AffectedBookings } from './affected-bookings';
import { ClosureForm, type ClosureDone } from './closure-form';

/** Close dates (families cannot book them) and deal with the paid bookings already on them. */
export function ClosuresSection({ catalogue }: SectionProps) {
  const [done, setDone] = useState<ClosureDone | null>(null);
  return (
    <div>
      <SectionHeading title="Closures">
        Close a day, a range of days or one session. Families can no longer book it, and the paid bookings on those
        dates are listed so you can cancel and refund them in one step.
      </SectionHeading>
      <div className={`${cardClass} max-w-3xl`}>
        <ClosureForm sessions={catalogue.sessions} onClosed={setDone} />
        {done ? <AffectedBookings key={JSON.stringify(done)} done={done} /> : null}
      </div>
      <p className="mt-4 max-w-2xl text-slate-700">
        Closures and blocks already made are listed on the{' '}
        <Link to="/admin?tab=booking-calendar" className="font-semibold text-brand-800 underline">
          Booking Calendar
        </Link>{' '}
        tab, where they can be removed.
      </p>
    </div>
  );
}
