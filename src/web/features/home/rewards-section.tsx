import { Gift } from 'lucide-react';
import { Link } from '../../app/router';
import { loyaltyProgramme } from '../../../shared/venue';
import { SectionHeading } from './section-heading';

const lp = loyaltyProgramme;
const earningRules = [
  `${lp.pointsPerPound} point for every £1 you spend`,
  `${lp.welcomeBonus} bonus points when you join`,
  'Free to join, no cards to carry',
  'Bonus points as you move up the tiers',
];
const tierColours: Record<string, string> = {
  bronze: 'bg-amber-100 text-amber-900',
  silver: 'bg-slate-100 text-slate-800',
  gold: 'bg-yellow-100 text-yellow-900',
  platinum: 'bg-sky-100 text-sky-900',
};

const cardClass = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

export function RewardsSection() {
  return (
    <section id="rewards" aria-labelledby="rewards-heading" className="bg-brand-50 px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="rewards-heading"
          kicker="Loyalty"
          title="Play Time Rewards"
          intro="Every visit earns points towards free drinks, discounts, free sessions and party treats."
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <div className={cardClass}>
            <h3 className="text-xl font-bold text-slate-900">How you earn</h3>
            <ul className="mt-4 grid gap-2 text-slate-700">
              {earningRules.map((r) => (
                <li key={r} className="flex gap-2">
                  <span aria-hidden>⭐</span> {r}
                </li>
              ))}
            </ul>
          </div>
          <div className={cardClass}>
            <h3 className="text-xl font-bold text-slate-900">Membership tiers</h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {lp.tiers.map((t) => (
                <li key={t.id} className={`rounded-2xl p-4 ${tierColours[t.id] ?? 'bg-slate-100 text-slate-800'}`}>
                  <p className="font-bold">
                    {t.name}{' '}
                    <span className="font-medium">· {t.threshold === 0 ? 'from 0' : `${t.threshold}+`} points</span>
                  </p>
                  <p className="text-sm">{t.benefits.join(', ')}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className={cardClass}>
            <h3 className="text-xl font-bold text-slate-900">Popular rewards</h3>
            <ul className="mt-4 grid gap-3">
              {lp.rewards.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-50 p-3"
                >
                  <span className="flex items-center gap-3">
                    <span aria-hidden className="text-2xl">
                      {r.icon}
                    </span>
                    <span className="font-semibold text-slate-900">{r.title}</span>
                  </span>
                  <span className="shrink-0 rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white">
                    {r.pointsCost} pts
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className={cardClass}>
            <h3 className="text-xl font-bold text-slate-900">Achievements</h3>
            <ul className="mt-4 grid gap-3">
              {lp.achievements.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-50 p-3"
                >
                  <span className="flex items-center gap-3">
                    <span aria-hidden className="text-2xl">
                      {a.icon}
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{a.title}</span>
                      <span className="text-sm text-slate-600">{a.description}</span>
                    </span>
                  </span>
                  <span className="shrink-0 rounded-full bg-berry-700 px-3 py-1 text-sm font-bold text-white">
                    +{a.pointsReward} pts
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              to="/loyalty"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-brand-700 px-7 text-lg font-bold text-white hover:bg-brand-800"
            >
              <Gift aria-hidden className="h-5 w-5" /> View My Rewards
            </Link>
            <Link
              to="/booking"
              className="inline-flex min-h-12 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-7 text-lg font-bold text-brand-800 hover:bg-brand-100"
            >
              Book &amp; Earn Points
            </Link>
          </div>
          <p className="text-slate-700">Automatic enrollment when you make your first booking</p>
        </div>
      </div>
    </section>
  );
}
