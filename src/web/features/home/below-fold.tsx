import { useEffect } from 'react';
import { AboutSection } from './about-section';
import { ActivitiesSection } from './activities-section';
import { ContactSection } from './contact-section';
import { PricingSection } from './pricing-section';
import { RewardsSection } from './rewards-section';

export { SiteFooter } from './site-footer';

/** Every home section after the hero: its own chunk, fetched as soon as the page renders. */
export function BelowFoldSections() {
  // A visitor arriving at /#pricing: the target exists only now, so scroll to it once it does.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <>
      <AboutSection />
      <ActivitiesSection />
      <PricingSection />
      <RewardsSection />
      <ContactSection />
    </>
  );
}
