import { ArrowRight, Baby, Cake, Car, Coffee } from 'lucide-react';
import { Link } from '../../app/router';
import { ageRangeLabel } from '../../../shared/venue-highlights';
import { useCatalogue } from '../../app/catalogue';
import { sameHoursEveryDay } from '../../app/opening-hours';
import { SocialUpdateCard } from './social-update-card';

const tileClass =
  'flex h-full min-h-24 flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md';

const tiles = [
  {
    label: ageRangeLabel,
    hint: 'Zones for every age',
    icon: Baby,
    href: '#activities',
    colour: 'bg-brand-100 text-brand-800',
  },
  {
    label: 'Birthday Parties',
    hint: 'Packages & private hire',
    icon: Cake,
    to: '/party-booking',
    colour: 'bg-pink-100 text-berry-700',
  },
  {
    label: 'Cafe Menu',
    hint: 'Food & proper coffee',
    icon: Coffee,
    to: '/menu',
    colour: 'bg-amber-100 text-amber-800',
  },
  { label: 'Free Parking', hint: 'Right outside', icon: Car, href: '#contact', colour: 'bg-sky-100 text-sky-700' },
];

/** Text-first hero (the LCP element is the heading, not an image), calls to action, tiles and news. */
export function HeroSection() {
  const { venue, openingHours } = useCatalogue();
  const hours = sameHoursEveryDay(openingHours);
  const hoursLine = hours ? `Open every day, ${hours}` : 'Open seven days a week';
  return (
    <section
      id="home"
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-sun-300/40 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute top-1/2 -left-32 h-72 w-72 rounded-full bg-pink-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 pt-10 pb-14 sm:px-6 lg:grid-cols-[1.4fr_1fr] lg:items-center lg:pt-16">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-2xl bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <span aria-hidden>📍</span> {venue.address.town}, {venue.address.county} · {hoursLine}
          </p>
          <h1
            id="hero-heading"
            className="text-4xl leading-tight font-extrabold text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Big adventures for <span className="text-brand-700">little explorers</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">
            {venue.name} is an indoor soft play barn for ages 0-12, with a toddler haven, a sensory room, party rooms
            and a cafe for the grown-ups.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link
              to="/booking"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-berry-700 px-7 text-lg font-bold text-white shadow-md hover:bg-berry-600"
            >
              Book Your Adventure <ArrowRight aria-hidden className="h-5 w-5" />
            </Link>
            <a
              href="#pricing"
              className="inline-flex min-h-12 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-7 text-lg font-semibold text-brand-800 hover:bg-brand-50"
            >
              View Prices
            </a>
            <Link
              to="/menu"
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-sun-300 px-7 text-lg font-semibold text-slate-900 hover:bg-sun-400"
            >
              Cafe Menu
            </Link>
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:col-span-2 lg:row-start-2">
          {tiles.map((t) => {
            const body = (
              <>
                <span className={`inline-flex h-10 w-10 items-center justify-center rounded-xl ${t.colour}`}>
                  <t.icon aria-hidden className="h-5 w-5" />
                </span>
                <span className="font-bold text-slate-900">{t.label}</span>
                <span className="text-sm text-slate-600">{t.hint}</span>
              </>
            );
            return (
              <li key={t.label}>
                {t.to ? (
                  <Link to={t.to} className={tileClass}>
                    {body}
                  </Link>
                ) : (
                  <a href={t.href} className={tileClass}>
                    {body}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <div className="lg:col-start-2 lg:row-start-1">
          <SocialUpdateCard />
        </div>
      </div>
    </section>
  );
}
