import { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import type { OverviewChartsResponse } from '../../../../shared/contracts/overview-charts';
import { takingsKinds, takingsKindText, type TakingsKindShown } from '../../../../shared/contracts/takings';
import { shortDayMonth } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { useOverviewCharts } from '../api/overview-charts-api';
import { QueryState } from '../components/query-state';
import { bookingsSummary, placesSummary, takingsSummary } from './chart-text';

// Chart.js is a chunk of its own, fetched when the Overview first shows its charts: the figures above
// do not wait for it, and no public page loads it (scripts/size.ts checks).
const OverviewBarChart = lazy(async () => ({ default: (await import('./overview-bar-chart')).OverviewBarChart }));

// Teal is the site's brand; orange and indigo tell the sessions apart (each at least 3:1 on white).
const sessionColours = ['#0f766e', '#c2410c', '#4338ca', '#a21caf'];
// The kinds of takings, stacked in each day's bar (each at least 3:1 on white, and apart from its neighbours).
const kindColours: Record<TakingsKindShown, string> = {
  tickets: '#047857',
  credit_bundles: '#4338ca',
  parties: '#c2410c',
  gift_vouchers: '#a21caf',
  memberships: '#0369a1',
  cafe: '#b45309',
  shop: '#be123c',
  events: '#4d7c0f',
};
const wholePounds = (pence: number) => formatPence(pence, { whole: true });

/** Bookings and takings per day for the last 30 days, and places sold per session for the next 14. */
export function OverviewCharts() {
  const query = useOverviewCharts();
  const state = <QueryState query={query} what="the charts" />;
  return (
    <section aria-labelledby="overview-charts">
      <h2 id="overview-charts" className="text-xl font-bold text-slate-900">
        Trends
      </h2>
      {query.data ? <Charts data={query.data} /> : <div className="mt-3">{state}</div>}
    </section>
  );
}

function Charts({ data }: { data: OverviewChartsResponse }) {
  const { days, sessions, upcoming } = data;
  const dayLabels = useMemo(() => days.map((d) => shortDayMonth(d.date)), [days]);
  const bookings = useMemo(() => [{ label: 'Bookings', data: days.map((d) => d.bookings), colour: '#0f766e' }], [days]);
  const takings = useMemo(
    () =>
      takingsKinds.map((k) => ({
        label: takingsKindText[k].label,
        data: days.map((d) => d.takingsByKind[k]),
        colour: kindColours[k],
      })),
    [days],
  );
  const upcomingLabels = useMemo(() => upcoming.map((d) => shortDayMonth(d.date)), [upcoming]);
  const places = useMemo(
    () =>
      sessions.map((s, i) => ({
        label: s.label,
        data: upcoming.map((d) => d.sessions.find((x) => x.sessionId === s.id)?.sold ?? 0),
        colour: sessionColours[i % sessionColours.length]!,
      })),
    [sessions, upcoming],
  );
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      <DailyChart
        id="chart-bookings"
        title="Bookings per day"
        summary={bookingsSummary(days)}
        labels={dayLabels}
        series={bookings}
        caption="Bookings per day, last 30 days (made that day, confirmed or clearing)"
        column="Bookings"
        cells={days.map((d) => [d.date, String(d.bookings)])}
      />
      <DailyChart
        id="chart-takings"
        title="Takings per day"
        summary={takingsSummary(days)}
        labels={dayLabels}
        series={takings}
        stacked
        legend={<Legend label="Kinds of takings" series={takings} />}
        formatValue={wholePounds}
        caption="Takings per day, last 30 days (bookings confirmed that day, gift voucher parts included, credit bundles and party deposits and balances paid that day less refunds; not gift voucher sales)"
        column="Takings"
        cells={days.map((d) => [d.date, formatPence(d.takings)])}
      >
        <FiguresTable
          caption="Takings by kind per day, last 30 days"
          what="takings by kind per day"
          toggle="Show by kind"
          wide
        >
          <thead>
            <tr>
              <Th>Day</Th>
              {takingsKinds.map((k) => (
                <Th key={k} numeric>
                  {takingsKindText[k].label}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <Td>{shortDayMonth(d.date)}</Td>
                {takingsKinds.map((k) => (
                  <Td key={k} numeric>
                    {formatPence(d.takingsByKind[k])}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </FiguresTable>
      </DailyChart>
      <div className="lg:col-span-2">
        <ChartCard id="chart-places" title="Places sold per session, next 14 days" summary={placesSummary(data)}>
          <Legend label="Sessions" series={places} />
          <ChartBox summary={placesSummary(data)} labels={upcomingLabels} series={places} stacked />
          <FiguresTable
            caption="Places sold per session, next 14 days: children booked of the places there are"
            what="places sold per session"
          >
            <thead>
              <tr>
                <Th>Day</Th>
                {sessions.map((s) => (
                  <Th key={s.id} numeric>
                    {s.label}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {upcoming.map((d) => (
                <tr key={d.date}>
                  <Td>{shortDayMonth(d.date)}</Td>
                  {d.sessions.map((s) => (
                    <Td key={s.sessionId} numeric>
                      {s.sold} of {s.capacity}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </FiguresTable>
        </ChartCard>
      </div>
    </div>
  );
}

/** The colours of a chart's series and what each is (real text, wraps on a phone). */
function Legend({ label, series }: { label: string; series: { label: string; colour: string }[] }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={label}>
      {series.map((p) => (
        <li key={p.label} className="flex items-center gap-2">
          <span aria-hidden className="h-3 w-3 shrink-0 rounded" style={{ backgroundColor: p.colour }} />
          {p.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * One figure per day over the last 30 days: the chart (one series, or several stacked with their legend),
 * its summary and its table of figures, and any further table (`children`).
 */
function DailyChart(
  props: ComponentProps<typeof OverviewBarChart> & {
    id: string;
    title: string;
    caption: string;
    column: string;
    /** [date, the day's total as shown] for each day. */
    cells: [string, string][];
    legend?: ReactNode;
    children?: ReactNode;
  },
) {
  const { id, title, caption, column, cells, legend, children, ...chart } = props;
  return (
    <ChartCard id={id} title={title} summary={chart.summary}>
      {legend}
      <ChartBox {...chart} />
      <FiguresTable caption={caption} what={`${column.toLowerCase()} per day`}>
        <thead>
          <tr>
            <Th>Day</Th>
            <Th numeric>{column}</Th>
          </tr>
        </thead>
        <tbody>
          {cells.map(([date, figure]) => (
            <tr key={date}>
              <Td>{shortDayMonth(date)}</Td>
              <Td numeric>{figure}</Td>
            </tr>
          ))}
        </tbody>
      </FiguresTable>
      {children}
    </ChartCard>
  );
}

function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={id} className="font-bold text-slate-900">
        {title}
      </h3>
      <figcaption className="mb-3 text-sm text-slate-700">{summary}</figcaption>
      {children}
    </figure>
  );
}

/** The chart's height is set here; its width follows the card (390 px phones to wide desks). */
function ChartBox(props: ComponentProps<typeof OverviewBarChart>) {
  return (
    <div className="relative h-56 w-full" data-chart>
      <Suspense fallback={<p className="py-6 text-center text-sm text-slate-700">Loading the chart...</p>}>
        <OverviewBarChart {...props} />
      </Suspense>
    </div>
  );
}

/** The chart's figures as a table, opened on demand (and always there for screen readers that browse tables). */
function FiguresTable({
  caption,
  what,
  toggle = 'Show as table',
  wide = false,
  children,
}: {
  caption: string;
  what: string;
  toggle?: string;
  /** Columns that may not fit a phone: the table scrolls sideways inside its card (a focusable region). */
  wide?: boolean;
  children: ReactNode;
}) {
  const table = (
    // A wide table's headings wrap between words, never inside one (the page's overflow-wrap is 'anywhere');
    // an inline style, as for the figures below, not a utility new to the stylesheet every public page carries.
    <table className="mt-2 w-full text-left" style={wide ? { overflowWrap: 'normal' } : undefined}>
      <caption className="mb-1 text-left font-semibold text-slate-900">{caption}</caption>
      {children}
    </table>
  );
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-2 font-semibold text-brand-800 underline hover:bg-brand-50">
        {toggle}
        <span className="sr-only">: {what}</span>
      </summary>
      {wide ? (
        <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
          {table}
        </div>
      ) : (
        table
      )}
    </details>
  );
}

const Th = ({ children, numeric }: { children: ReactNode; numeric?: boolean }) => (
  <th
    scope="col"
    className={`border-b border-slate-300 px-2 py-1 font-semibold text-slate-900 ${numeric ? 'text-right' : ''}`}
  >
    {children}
  </th>
);
const Td = ({ children, numeric }: { children: ReactNode; numeric?: boolean }) => (
  <td
    className={`whitespace-nowrap border-b border-slate-100 px-2 py-1 text-slate-800 ${numeric ? 'text-right' : ''}`}
    // Figures line up in a column (OpenType tabular figures). An inline style, not a Tailwind utility:
    // the utility would be new to the one stylesheet every public page carries, for a staff-only table.
    style={numeric ? { fontFeatureSettings: '"tnum"' } : undefined}
  >
    {children}
  </td>
);
