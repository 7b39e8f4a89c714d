import { CalendarPlus, CircleDollarSign, PoundSterling, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardStats, RecentActivity } from '../../../../shared/contracts/admin';
import { formatPence } from '../../../../shared/money';
import { useDashboardStats } from '../api/dashboard-stats';
import { QueryState, UpdatedAt } from '../components/query-state';
import { formatDayAndTime } from '../lib/format';
import { useStaffMe } from '../../../api/staff-session';
import { BackupCard } from './backup-card';
import { GiftVoucherLiabilitySection } from './gift-voucher-liability';
import { OverviewCharts } from './overview-charts';

/** Overview (Stats): the till for today and this week, its trends (charts), and the latest bookings and payments. */
export function OverviewTab() {
  const query = useDashboardStats();
  const me = useStaffMe().data;
  const isAdmin = me?.signedIn === true && me.kind === 'staff' && me.role === 'admin';
  const state = <QueryState query={query} what="the figures" />;
  if (!query.data) return state;
  const { stats, recentActivity, backup } = query.data;
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
        <p className="mt-3 text-sm text-slate-700">
          Bookings count on the day they were made. Revenue is the takings on the day they were paid: ticket bookings
          (after session credits, including any part paid by gift voucher) and session credit bundles. Gift voucher
          sales are not revenue: they are owed to their holders until spent. Party deposits and balances are not
          included. Weeks run Monday to Sunday, UK time. Bank payments still clearing count as bookings, not yet as
          revenue.
        </p>
      </section>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="max-w-md lg:max-w-none">
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
