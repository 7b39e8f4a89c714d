import { BadgeCheck } from 'lucide-react';
import type { MemberStats } from '../../../../shared/contracts/admin';
import { formatPence } from '../../../../shared/money';

/** "Members" (issue 40): memberships in force, what those that renew bring in a month, and who left this month. */
export function MembersCard({ members }: { members: MemberStats }) {
  const figures = [
    { label: 'Active members', value: String(members.active) },
    { label: 'Monthly recurring revenue', value: formatPence(members.monthlyRecurringPence) },
    { label: 'Lost this month', value: String(members.lostThisMonth) },
  ];
  return (
    <section
      aria-labelledby="overview-members"
      data-testid="members-card"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="overview-members" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <span className="text-brand-700">
          <BadgeCheck aria-hidden className="h-6 w-6" />
        </span>
        Members
      </h2>
      <dl className="mt-1 grid grid-cols-3 gap-2">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-sm text-slate-700">{f.label}</dt>
            <dd className="text-xl font-bold text-slate-900 sm:text-2xl" style={{ fontFeatureSettings: '"tnum"' }}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
