import { CalendarDays, History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from '../../../app/router';
import type { FamilyBookingDto } from '../../../../shared/contracts/family';
import { Card, primaryButton, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { useFamilyBookings } from '../api/family-bookings';
import { problemText } from '../../../lib/problem-text';
import { BookingCard } from './booking-card';

/** The confirmed family's bookings: upcoming (soonest first) and past (newest first), as the server orders them. */
export function BookingLists({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  const bookings = useFamilyBookings(email);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = bookings.isSuccess;

  // Just confirmed: the form that had the focus is gone, so the list takes it.
  useEffect(() => {
    if (focusOnLoad && loaded) headingRef.current?.focus();
  }, [focusOnLoad, loaded]);

  if (bookings.isPending) return <Spinner label="Loading your bookings..." />;
  if (bookings.isError)
    return (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">We could not load your bookings</h2>
        <p className="mt-2 text-slate-800">{problemText(bookings.error)}</p>
        <button type="button" onClick={() => void bookings.refetch()} className={`${secondaryButton} mt-3`}>
          Try again
        </button>
      </Card>
    );

  const { upcoming, past } = bookings.data;
  return (
    <div className="max-w-3xl space-y-10">
      <BookingSection
        title="Upcoming"
        icon={<CalendarDays aria-hidden className="h-6 w-6 text-brand-700" />}
        headingRef={headingRef}
        bookings={upcoming}
        upcoming
        email={email}
        empty={
          <>
            <p className="text-slate-800">
              You have no visits coming up. Bookings made with <strong className="break-all">{email}</strong> show here
              as soon as they are paid. Booked with another address? Sign out and confirm that one.
            </p>
            <Link to="/booking" className={`${primaryButton} mt-4`}>
              Book a visit
            </Link>
          </>
        }
      />
      <BookingSection
        title="Past"
        icon={<History aria-hidden className="h-6 w-6 text-brand-700" />}
        bookings={past}
        upcoming={false}
        email={email}
        empty={
          <p className="text-slate-800">No past visits yet. Once you have been to see us, they are listed here.</p>
        }
      />
    </div>
  );
}

function BookingSection({
  title,
  icon,
  headingRef,
  bookings,
  upcoming,
  email,
  empty,
}: {
  title: string;
  icon: React.ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
  bookings: FamilyBookingDto[];
  upcoming: boolean;
  email: string;
  empty: React.ReactNode;
}) {
  const id = `my-bookings-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        {icon}
        {title}
      </h2>
      {bookings.length ? (
        <ul className="mt-4 space-y-5">
          {bookings.map((b) => (
            <li key={b.bookingId}>
              <BookingCard booking={b} upcoming={upcoming} email={email} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="mt-4">{empty}</Card>
      )}
    </section>
  );
}
