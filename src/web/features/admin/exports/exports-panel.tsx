import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { exportRangeSchema, exportUrl, type ExportKind } from '../../../../shared/contracts/exports';
import { todayInLondon } from '../../../../shared/dates';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { PanelHeader, smallPrimary } from '../components/panel-parts';

const files: { kind: ExportKind; label: string }[] = [
  { kind: 'bookings', label: 'Bookings (CSV)' },
  { kind: 'payments', label: 'Payments (CSV)' },
  { kind: 'enquiries', label: 'Enquiries (CSV)' },
  { kind: 'sales-lines', label: 'Till sales lines (CSV)' },
];

const disabledLink =
  'inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-full bg-slate-200 px-4 py-2 text-sm font-semibold text-slate-700';

/**
 * Admin tab "Exports" (DECISIONS.md "Running the day"; columns in docs/csv-exports.md): a date range and
 * one plain link a file. The browser saves the server's stream straight to disk, so a year's file never
 * sits in the page either. The range is checked with the server's own schema before the links work.
 */
export function ExportsPanel() {
  const id = useId();
  const [range, setRange] = useState(() => {
    const today = todayInLondon(new Date());
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  const parsed = exportRangeSchema.safeParse(range);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const errorFor = (field: 'from' | 'to') =>
    issue && (issue.path[0] === field || (field === 'to' && issue.path[0] !== 'from')) ? issue.message : undefined;

  const dateInput = (field: 'from' | 'to', label: string) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${field}`} className="mb-1 block font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type="date"
        className={textInput}
        value={range[field]}
        onChange={(e) => setRange((r) => ({ ...r, [field]: e.target.value }))}
        aria-invalid={errorFor(field) ? true : undefined}
        aria-describedby={errorFor(field) ? `${id}-${field}-err` : undefined}
      />
      <FieldError id={`${id}-${field}-err`} message={errorFor(field)} />
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <PanelHeader
        id={`${id}-title`}
        title="Exports"
        intro="Spreadsheets of the bookings made, payments taken and enquiries received between two dates (London time, both included, up to a year). Only admins can do this; each download is written to the audit log."
      />
      <div className="mt-4 rounded-3xl border border-slate-200 bg-white p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {dateInput('from', 'From')}
          {dateInput('to', 'To')}
        </div>
        <ul aria-label="Download" className="mt-4 flex flex-wrap gap-3">
          {files.map(({ kind, label }) => (
            <li key={kind}>
              {parsed.success ? (
                <a href={exportUrl(kind, parsed.data)} download className={smallPrimary}>
                  <Download aria-hidden className="h-4 w-4" />
                  {label}
                </a>
              ) : (
                <span aria-disabled="true" className={disabledLink}>
                  <Download aria-hidden className="h-4 w-4" />
                  {label}
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          UTF-8 CSV files that open in Excel, Numbers, LibreOffice and Google Sheets; amounts are in pounds.
        </p>
      </div>
    </section>
  );
}
