import { formatPence } from '../../shared/money';
import { addDays } from '../../shared/dates';
import { bundleValue } from '../../shared/bundle-value';
import {
  seedPartiesDocument,
  seedSessions,
  seedTicketTypes,
  seedVenueDocument,
  seedVisitRulesDocument,
} from './seed-data';

/** The notice board's first posts, written from the seed's facts; staff edit or remove them like any other. */
export function seedNoticePosts(today: string) {
  const cheapestParty = Math.min(...seedPartiesDocument.packages.map((p) => p.perChildPence));
  const babyToddler = seedTicketTypes.find((t) => t.sellDays === 'weekdays')!;
  const hours = seedVenueDocument.openingHours;
  const whole = (p: number) => formatPence(p, { whole: true });
  const { creditBundle } = seedVisitRulesDocument;
  return [
    {
      title: 'New in the cafe',
      body: '🍰 Warm scones with strawberry jam and clotted cream, a proper Somerset treat while the little ones play. See the full menu with allergen details on our website.',
      publishFrom: today,
    },
    {
      title: 'Our opening hours',
      body: `⏰ We're open ${hours.days[0]?.hours ?? `${hours.opens} - ${hours.closes}`} daily, with 2-hour play sessions. Last entry is one hour before closing. Book online to guarantee your spot!`,
      publishFrom: addDays(today, -1),
    },
    {
      title: 'Birthday parties',
      body: `🎉 Birthday coming up? Our party packages start at ${whole(cheapestParty)} per child with a party room, decorations and unlimited kids' drinks. Send us an enquiry and we'll reply within 24 hours.`,
      publishFrom: addDays(today, -2),
    },
    {
      title: 'Baby & Toddler Mornings',
      body: `👶 Baby & Toddler Mornings run every weekday ${seedSessions[0]?.label ?? 'morning session'}: ${whole(babyToddler.pricePence)} per child and grown-ups go free. A calmer session for under 5s, with the sensory corner open.`,
      publishFrom: addDays(today, -3),
    },
    {
      title: 'Session credits',
      body: `🎟️ Regulars, this one's for you: buy ${creditBundle.credits} session credits for ${whole(creditBundle.pricePence)} and save ${whole(bundleValue(creditBundle, seedTicketTypes).savingsPence)}. Credits never expire and apply automatically when you book.`,
      publishFrom: addDays(today, -7),
    },
  ];
}
