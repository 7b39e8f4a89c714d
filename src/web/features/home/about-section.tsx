import { ShieldCheck, Shapes, Sparkles, Star } from 'lucide-react';
import { aboutClaims } from '../../../shared/venue-highlights';
import { useCatalogue } from '../../app/catalogue';
import { AboutVideo } from './about-video';
import { SectionHeading } from './section-heading';

const claimIcons = { clean: Sparkles, staff: ShieldCheck, zones: Shapes, rating: Star } as const;

export function AboutSection() {
  const { venue } = useCatalogue();
  return (
    <section id="about" aria-labelledby="about-heading" className="px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="about-heading"
          kicker="About us"
          title={`Welcome to ${venue.name}`}
          intro="A safe, spotless and seriously fun place to play, run by a local team who love what they do."
        />
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <AboutVideo />
          <ul className="grid gap-4 sm:grid-cols-2">
            {aboutClaims.map((c) => {
              const Icon = claimIcons[c.id];
              return (
                <li key={c.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                    <Icon aria-hidden className="h-6 w-6" />
                  </span>
                  <h3 className="mt-3 text-lg font-bold text-slate-900">{c.title}</h3>
                  <p className="mt-1 text-slate-700">{c.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
