import { activities, ageGuidelines, type Activity } from '../../../shared/venue-highlights';
import { SectionHeading } from './section-heading';

const tones: Record<Activity['tone'], { card: string; badge: string }> = {
  brand: { card: 'bg-brand-50', badge: 'bg-brand-700 text-white' },
  berry: { card: 'bg-pink-50', badge: 'bg-berry-700 text-white' },
  sun: { card: 'bg-amber-50', badge: 'bg-amber-800 text-white' },
  sky: { card: 'bg-sky-50', badge: 'bg-sky-700 text-white' },
};

export function ActivitiesSection() {
  return (
    <section id="activities" aria-labelledby="activities-heading" className="bg-slate-50 px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="activities-heading"
          kicker="Things to do"
          title="Activities & Play Zones"
          intro="From first wobbly steps to ninja challenges, there is a zone made for every age."
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {activities.map((a) => (
            <li key={a.id} className={`rounded-3xl p-6 ring-1 ring-slate-200 ${tones[a.tone].card}`}>
              <div className="flex items-start justify-between gap-3">
                <span aria-hidden className="text-4xl">
                  {a.emoji}
                </span>
                {a.ages && (
                  <span className={`rounded-full px-3 py-1 text-sm font-bold ${tones[a.tone].badge}`}>{a.ages}</span>
                )}
              </div>
              <h3 className="mt-4 text-xl font-bold text-slate-900">{a.title}</h3>
              <p className="mt-2 text-slate-700">{a.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h3 className="text-xl font-bold text-slate-900">Age guidelines</h3>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            {ageGuidelines.map((g) => (
              <div key={g.id} className="rounded-2xl bg-brand-50 p-4">
                <dt className="font-bold text-brand-800">{g.ages}</dt>
                <dd className="mt-1 text-slate-700">{g.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
