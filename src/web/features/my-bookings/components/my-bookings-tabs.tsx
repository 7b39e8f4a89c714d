import { Link } from '../../../app/router';

const tabs = [
  { to: '/my-bookings', label: 'Bookings' },
  { to: '/my-bookings/family', label: 'Family' },
  { to: '/my-bookings/memberships', label: 'Membership' },
] as const;

/** Bookings | Family | Membership: the pages of My Bookings (issues 39, 40). Each is its own chunk, loaded on the way. */
export function MyBookingsTabs({ current }: { current: (typeof tabs)[number]['to'] }) {
  return (
    <nav aria-label="My Bookings" className="mb-6 print:hidden">
      <ul className="flex flex-wrap gap-x-1 border-b-2 border-brand-100 sm:gap-x-2">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              aria-current={t.to === current ? 'page' : undefined}
              className="-mb-0.5 inline-flex min-h-11 items-center border-b-4 border-transparent px-3 text-base font-semibold sm:px-4 sm:text-lg text-brand-800 hover:border-brand-600 aria-[current=page]:border-brand-700 aria-[current=page]:text-slate-900"
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
