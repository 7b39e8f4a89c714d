import { useQueryClient } from '@tanstack/react-query';
import { Plus, Printer, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { CafeTable, PutCafeTables } from '../../../../../shared/contracts/cafe-orders';
import { toast } from '../../../../components/ui/toast-store';
import { problemText } from '../../../../lib/problem-text';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { QueryState } from '../../components/query-state';
import { cardClass, SectionHeading } from '../section-parts';
import { saveCafeTables, tablesKey, useCafeTables } from './tables-api';

type Row = { id?: string; number: number; name: string };
const rowsOf = (tables: CafeTable[]): Row[] => tables.map(({ id, number, name }) => ({ id, number, name }));

/** Venue > Tables (issue 49): the cafe's tables, their names, and a new QR code for a table whose card went home. */
export function TablesSection() {
  const tables = useCafeTables();
  return (
    <div className="space-y-4">
      <SectionHeading title="Cafe tables">
        Each table has a QR code that opens the menu for ordering from the table. A new QR code retires the old card.
      </SectionHeading>
      <QueryState query={tables} what="the tables" />
      {tables.data ? <TablesEditor key={tables.dataUpdatedAt} tables={tables.data.tables} /> : null}
    </div>
  );
}

function TablesEditor({ tables }: { tables: CafeTable[] }) {
  const qc = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(tables));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = (body: PutCafeTables, done: string) => {
    setBusy(true);
    setProblem(null);
    saveCafeTables(body).then(
      (r) => {
        setBusy(false);
        qc.setQueryData(tablesKey, r);
        toast({ title: done });
      },
      (e: unknown) => {
        setBusy(false);
        setProblem(problemText(e));
      },
    );
  };
  const addRow = () => {
    const next = Math.max(0, ...rows.map((r) => r.number)) + 1;
    setRows([...rows, { number: next, name: `Table ${next}` }]);
  };
  const rotate = (row: Row) =>
    save({ tables: rows.map((r) => (r === row ? { ...r, rotateToken: true } : r)) }, `New QR code for ${row.name}`);

  return (
    <section aria-labelledby="cafe-tables-heading" className={cardClass}>
      <h4 id="cafe-tables-heading" className="mb-3 text-lg font-bold text-brand-800">
        Tables
      </h4>
      {rows.length === 0 ? <p className="text-slate-700">No tables yet.</p> : null}
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.id ?? `new-${i}`} className="flex flex-wrap items-end gap-2">
            <label className="block">
              <span className="block text-sm font-semibold text-slate-800">
                Number<span className="sr-only">, row {i + 1}</span>
              </span>
              <input
                type="number"
                min={1}
                className="min-h-11 w-20 rounded-xl border-2 border-slate-300 px-2"
                value={row.number}
                onChange={(e) => setRows(rows.map((r) => (r === row ? { ...r, number: Number(e.target.value) } : r)))}
              />
            </label>
            <label className="block grow">
              <span className="block text-sm font-semibold text-slate-800">
                Name<span className="sr-only">, row {i + 1}</span>
              </span>
              <input
                className="min-h-11 w-full rounded-xl border-2 border-slate-300 px-2"
                value={row.name}
                onChange={(e) => setRows(rows.map((r) => (r === row ? { ...r, name: e.target.value } : r)))}
              />
            </label>
            {row.id ? (
              <button type="button" className={smallSecondary} disabled={busy} onClick={() => rotate(row)}>
                <RefreshCw aria-hidden className="h-4 w-4" />
                New QR code<span className="sr-only"> for {row.name}</span>
              </button>
            ) : null}
            <button
              type="button"
              className={smallSecondary}
              disabled={busy}
              onClick={() => setRows(rows.filter((r) => r !== row))}
            >
              Remove<span className="sr-only"> {row.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 p-3 text-slate-900">
          {problem}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={smallSecondary} onClick={addRow}>
          <Plus aria-hidden className="h-4 w-4" />
          Add a table
        </button>
        <button
          type="button"
          className={smallPrimary}
          disabled={busy}
          onClick={() => save({ tables: rows }, 'Tables saved')}
        >
          Save tables
        </button>
        <a href="/admin/cafe-tables/print" className={smallSecondary}>
          <Printer aria-hidden className="h-4 w-4" />
          Print QR cards
        </a>
      </div>
    </section>
  );
}
