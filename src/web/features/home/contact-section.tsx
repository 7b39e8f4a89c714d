import { GetInTouchCard, OpeningHoursCard } from './contact-info-cards';
import { LazyContactForm } from './lazy-contact-form';
import { DirectionsCard, LocationCard } from './location-card';
import { SectionHeading } from './section-heading';

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="contact-heading"
          kicker="Contact & visit"
          title="Come and Play With Us!"
          intro="Easy to find, free to park and open every day. Questions before you visit? Send us a message."
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <LocationCard />
          <div className="grid content-start gap-6">
            <OpeningHoursCard />
            <GetInTouchCard />
          </div>
          <div className="lg:col-span-2">
            <DirectionsCard />
          </div>
          <div className="lg:col-span-2">
            <LazyContactForm />
          </div>
        </div>
      </div>
    </section>
  );
}
