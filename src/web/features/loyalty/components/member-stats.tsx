import { Crown, Footprints, Star, Trophy } from 'lucide-react';
import type { LoyaltyMemberDto } from '../../../../shared/contracts/loyalty';
import { levelFor } from '../../../../shared/contracts/loyalty-levels';
import { formatCount as number } from '../../../../shared/money';

/** The four stat cards of SPEC.md section 2. */
export function MemberStats({ member }: { member: LoyaltyMemberDto }) {
  const stats = [
    { label: 'Current Points', value: number(member.currentPoints), Icon: Star, tint: 'text-amber-700' },
    { label: 'Total Points Earned', value: number(member.totalPoints), Icon: Trophy, tint: 'text-brand-700' },
    { label: 'Total Visits', value: number(member.visitCount), Icon: Footprints, tint: 'text-sky-700' },
    { label: 'Membership Level', value: levelFor(member.totalPoints).name, Icon: Crown, tint: 'text-berry-700' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map(({ label, value, Icon, tint }) => (
        <div key={label} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700 sm:text-base">
            <Icon aria-hidden className={`h-5 w-5 shrink-0 ${tint}`} />
            {label}
          </dt>
          <dd className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
