import { formatPence } from '../../../shared/money';
import { creditBundle, openingHours, partyPackages, sessionTimes, ticketTypeSeeds } from '../../../shared/venue';

export type NewsPostType = 'menu' | 'hours' | 'party' | 'toddler' | 'credits';
export type NewsPost = {
  id: string;
  text: string;
  timestamp: Date;
  likes: number;
  comments: number;
  shares: number;
  type: NewsPostType;
};

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const babyToddler = ticketTypeSeeds.find((t) => t.weekdayMorningOnly)!;
const morning = sessionTimes[0];
const cheapestParty = Math.min(...partyPackages.map((p) => p.perChildPence));
const everyDay = openingHours.days.every((d) => d.hours === openingHours.days[0].hours);

/**
 * The notice board's five fixed posts (SPEC.md: fixed content, not fetched). Ages are offsets
 * from now, so the board always reads as fresh; facts come from venue.ts, never typed in.
 */
export function noticeBoardPosts(now: Date): NewsPost[] {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return [
    {
      id: 'new-cream-tea',
      type: 'menu',
      timestamp: ago(30 * minute),
      text: '🍰 New in the cafe: warm scones with strawberry jam and clotted cream, a proper Somerset treat while the little ones play. See the full menu with allergen details on our website.',
      likes: 24,
      comments: 5,
      shares: 2,
    },
    {
      id: 'opening-hours',
      type: 'hours',
      timestamp: ago(5 * hour),
      text: `⏰ A reminder of our hours: we're open ${openingHours.days[0].hours}${everyDay ? ' daily' : ''}, with 2-hour play sessions. ${openingHours.lastEntryNote} Book online to guarantee your spot!`,
      likes: 41,
      comments: 8,
      shares: 12,
    },
    {
      id: 'party-season',
      type: 'party',
      timestamp: ago(1 * day),
      text: `🎉 Birthday coming up? Our party packages start at ${formatPence(cheapestParty, { whole: true })} per child with a party room, decorations and unlimited kids' drinks. Send us an enquiry and we'll reply within 24 hours.`,
      likes: 57,
      comments: 14,
      shares: 9,
    },
    {
      id: 'baby-toddler',
      type: 'toddler',
      timestamp: ago(3 * day),
      text: `👶 Baby & Toddler Mornings run every weekday ${morning.label}: ${formatPence(babyToddler.pricePence, { whole: true })} per child and grown-ups go free. A calmer session for under 5s, with the sensory corner open.`,
      likes: 33,
      comments: 6,
      shares: 4,
    },
    {
      id: 'session-credits',
      type: 'credits',
      timestamp: ago(7 * day),
      text: `🎟️ Regulars, this one's for you: buy ${creditBundle.credits} session credits for ${formatPence(creditBundle.pricePence, { whole: true })} and save ${formatPence(creditBundle.savingsPence, { whole: true })}. Credits never expire and apply automatically when you book.`,
      likes: 62,
      comments: 11,
      shares: 18,
    },
  ];
}
