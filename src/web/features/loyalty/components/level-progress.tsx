import {
  levelProgressPercent,
  type MembershipLevel,
  type NextLevel,
} from '../../../../shared/contracts/loyalty-levels';
import { formatCount } from '../../../../shared/money';
import { loyaltyProgramme } from '../../../../shared/venue';

/** Progress through the current level's band (SPEC.md section 4), full at the top level. */
export function LevelProgress({
  totalPoints,
  level,
  nextLevel,
}: {
  totalPoints: number;
  level: MembershipLevel;
  nextLevel: NextLevel | null;
}) {
  const percent = levelProgressPercent(totalPoints);
  const current = loyaltyProgramme.tiers.find((t) => t.id === level) ?? loyaltyProgramme.tiers[0];
  const text = nextLevel
    ? `${formatCount(nextLevel.pointsToGo)} points to ${nextLevel.name}`
    : `You have reached ${current.name}, our top level!`;
  return (
    <section
      aria-labelledby="level-progress-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="level-progress-title" className="text-lg font-bold text-slate-900">
          {nextLevel ? `Progress to ${nextLevel.name}` : 'Top Level Reached'}
        </h2>
        <p className="text-slate-700">{text}</p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="level-progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-3 h-4 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">{current.benefits.join(' · ')}</p>
    </section>
  );
}
