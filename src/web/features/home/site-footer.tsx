import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from '../../app/router';
import { useCatalogue } from '../../app/catalogue';
import { hoursByDay, sameHoursEveryDay } from '../../app/opening-hours';
import { BrandLogo } from './brand-logo';
import { sectionLinks } from './nav-links';
import { SocialPlaceholders } from './social-placeholders';

const quickLinks = sectionLinks.filter((l) => l.id !== 'home');
const link =
  'inline-flex min-h-11 items-center rounded text-brand-50 underline-offset-4 hover:text-white hover:underline focus-visible:outline-sun-300';
// No pages exist for these yet: plain text, so nothing pretends to be a working link.
const legal = ['Terms & Conditions', 'Health & Safety'];

export function SiteFooter() {
  const { venue, openingHours } = useCatalogue();
  const hours = sameHoursEveryDay(openingHours);
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-800 px-4 pt-14 pb-8 text-brand-50 sm:px-6">
      <div className="mx-auto grid max-w-7xl gap-10 md:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1.2fr]">
        <div>
          <BrandLogo tone="dark" />
          <p className="mt-4 max-w-sm">{venue.description}</p>
          <div className="mt-5">
            <SocialPlaceholders tone="dark" />
          </div>
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-1">
            {quickLinks.map((l) => (
              <li key={l.id}>
                <a href={`#${l.id}`} className={link}>
                  {l.label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/party-booking" className={link}>
                Birthday Parties
              </Link>
            </li>
            <li>
              <Link to="/gift-vouchers" className={link}>
                Gift Vouchers
              </Link>
            </li>
            <li>
              <Link to="/memberships" className={link}>
                Memberships
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-lg font-bold text-white">Contact Info</h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <a href={venue.phoneHref} className={`${link} gap-2`}>
                <Phone aria-hidden className="h-4 w-4" /> {venue.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${venue.email}`} className={`${link} gap-2 break-all`}>
                <Mail aria-hidden className="h-4 w-4 shrink-0" /> {venue.email}
              </a>
            </li>
            <li className="flex gap-2 py-2">
              <MapPin aria-hidden className="mt-1 h-4 w-4 shrink-0" />
              <address className="not-italic">{venue.fullAddress}</address>
            </li>
            <li className="py-1">
              {hours ? `Open daily ${hours}` : hoursByDay(openingHours)}; last entry {openingHours.lastEntryLabel}
            </li>
          </ul>
        </div>
      </div>
      <div className="mx-auto mt-12 flex max-w-7xl flex-col gap-4 border-t border-white/20 pt-6 text-sm md:flex-row md:items-center md:justify-between">
        <p>
          © {year} {venue.name}. All rights reserved.
        </p>
        <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <li>
            <Link to="/privacy" className={link}>
              Privacy Notice
            </Link>
          </li>
          {legal.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
