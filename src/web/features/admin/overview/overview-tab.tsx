import { CalendarPlus, CircleDollarSign, PoundSterling, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardStats, DashboardStatsResponse, RecentActivity } from '../../../../shared/contracts/admin';
import { takingsKinds, takingsKindText } from '../../../../shared/contracts/takings';
import { formatPence } from '../../../../shared/money';
import { useDashboardStats } from '../api/dashboard-stats';
import { QueryState, UpdatedAt } from '../components/query-state';
import { formatDayAndTime } from '../lib/format';
import { useStaffMe } from '../../../api/staff-session';
import { BackupCard } from './backup-card';
import { GiftVoucherLiabilitySection } from './gift-voucher-liability';
import { MembersCard } from './members-card';
import { OverviewCharts } from './overview-charts';

/** Overview (Stats): the till for today and this week, its trends (charts), and the latest bookings and payments. */
export function OverviewTab() {
  const query = useDashboardStats();
  const me = useStaffMe().data;
  const isAdmin = me?.signedIn === true && me.kind === 'staff' && me.role === 'admin';
  const state = <QueryState query={query} what="the figures" />;
  if (!query.data) return state;
  const { stats, revenueByKind, recentActivity, backup, members } = query.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="overview-stats">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="overview-stats" className="text-xl font-bold text-slate-900">
            Today and this week
          </h2>
          <UpdatedAt query={query} what="the figures" />
        </div>
        <StatCards stats={stats} />
        <RevenueByKind stats={stats} byKind={revenueByKind} />
      </section>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="max-w-md space-y-4 lg:max-w-none">
          <MembersCard members={members} />
          <BackupCard backup={backup} />
        </div>
        {/* Finance (admins): the liability route is an admin's, as the Gift vouchers tab's report is. */}
        {isAdmin ? <GiftVoucherLiabilitySection /> : null}
      </div>
      <OverviewCharts />
      <section aria-labelledby="overview-activity">
        <h2 id="overview-activity" className="text-xl font-bold text-slate-900">
          Recent Activity
        </h2>
        <ActivityList items={recentActivity} />
      </section>
    </div>
  );
}

function StatCards({ stats }: { stats: DashboardStats }) {
  const cards: { label: string; value: string; icon: ReactNode }[] = [
    { label: "Today's Bookings", value: String(stats.todayBookings), icon: <Ticket aria-hidden className="h-6 w-6" /> },
    {
      label: "Today's Revenue",
      value: formatPence(stats.todayRevenue),
      icon: <PoundSterling aria-hidden className="h-6 w-6" />,
    },
    {
      label: "This Week's Bookings",
      value: String(stats.weeklyBookings),
      icon: <CalendarPlus aria-hidden className="h-6 w-6" />,
    },
    {
      label: "This Week's Revenue",
      value: formatPence(stats.weeklyRevenue),
      icon: <CircleDollarSign aria-hidden className="h-6 w-6" />,
    },
    { label: 'Total Customers', value: String(stats.totalCustomers), icon: <Users aria-hidden className="h-6 w-6" /> },
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {cards.map((c, i) => (
        <div
          key={c.label}
          className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${i === cards.length - 1 ? 'col-span-2 md:col-span-1' : ''}`}
        >
          <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <span className="text-brand-700">{c.icon}</span>
            {c.label}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The revenue cards by kind of takings (issue 37): each seller's takings, today and this week, adding up to
 * the cards above. A new kind (memberships) is a new row here without a change to this component.
 */
function RevenueByKind({ stats, byKind }: { stats: DashboardStats; byKind: DashboardStatsResponse['revenueByKind'] }) {
  const figure = 'whitespace-nowrap px-3 py-2 text-right font-semibold text-slate-900';
  const tnum = { fontFeatureSettings: '"tnum"' };
  return (
    <div className="mt-3 max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <table className="w-full text-left text-sm" data-testid="revenue-by-kind">
        <caption className="mb-2 text-left text-base font-bold text-slate-900">Revenue by kind</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Takings
            </th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
              Today
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pl-3 text-right font-semibold">
              This week
            </th>
          </tr>
        </thead>
        <tbody>
          {takingsKinds.map((k) => (
            <tr key={k} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="block font-semibold text-slate-900">{takingsKindText[k].label}</span>
                <span className="block text-slate-700">{takingsKindText[k].counts}</span>
              </th>
              <td className={figure} style={tnum}>
                {formatPence(byKind.today[k])}
              </td>
              <td className={`${figure} pr-0`} style={tnum}>
                {formatPence(byKind.week[k])}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="align-top">
            <th scope="row" className="py-2 pr-3 font-bold text-slate-900">
              Revenue
            </th>
            <td className={`${figure} font-bold`} style={tnum}>
              {formatPence(stats.todayRevenue)}
            </td>
            <td className={`${figure} pr-0 font-bold`} style={tnum}>
              {formatPence(stats.weeklyRevenue)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-sm text-slate-700">
        Bookings count on the day they were made. Revenue counts on the day it was paid, and a refund comes off the day
        its payment counted on. Gift voucher sales are not revenue: they are owed to their holders until spent. Weeks
        run Monday to Sunday, UK time. Bank payments still clearing count as bookings, not yet as revenue.
      </p>
    </div>
  );
}

function ActivityList({ items }: { items: RecentActivity[] }) {
  if (items.length === 0) {
    return (
      <p className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        No bookings or payments yet. New ones appear here within 30 seconds of being made.
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((a) => (
        <li key={`${a.type}-${a.id}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{a.customerName}</p>
            <p className="text-sm text-slate-700">
              {a.type === 'booking' ? 'New booking' : 'Payment received'} · {formatDayAndTime(a.created)}
            </p>
          </div>
          <p className={`font-bold ${a.type === 'payment' ? 'text-emerald-800' : 'text-slate-900'}`}>
            {formatPence(a.amount)}
          </p>
        </li>
      ))}
    </ul>
  );
}
