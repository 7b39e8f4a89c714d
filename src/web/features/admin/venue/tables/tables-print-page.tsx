import { Printer } from 'lucide-react';
import type { CafeTable } from '../../../../../shared/contracts/cafe-orders';
import { StaffGate } from '../../../../components/staff/staff-gate';
import { QrImage } from '../../../../components/qr/qr-image';
import { useSiteQrCode } from '../../../../components/qr/use-qr-code';
import { useCafeTables } from './tables-api';

/** /admin/cafe-tables/print (issue 49): one card per table, its QR code and number, to print and stand on it. */
export function TablesPrintPage() {
  return <StaffGate allow="staff">{() => <TablesPrint />}</StaffGate>;
}

function TablesPrint() {
  const tables = useCafeTables();
  return (
    <main className="mx-auto max-w-5xl p-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-brand-800">Table QR cards</h1>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white"
        >
          <Printer aria-hidden className="h-4 w-4" />
          Print
        </button>
      </div>
      {tables.isError ? <p role="alert">We could not load the tables.</p> : null}
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 print:grid-cols-2">
        {tables.data?.tables.map((t) => (
          <li key={t.id} className="break-inside-avoid">
            <TableCard table={t} />
          </li>
        ))}
      </ul>
    </main>
  );
}

function TableCard({ table }: { table: CafeTable }) {
  const qr = useSiteQrCode(`/order/${table.token}`, { width: 240, margin: 2, errorCorrectionLevel: 'M' });
  return (
    <article
      data-testid="table-card"
      className="flex flex-col items-center rounded-3xl border-2 border-slate-900 bg-white p-6 text-center"
    >
      <p className="text-5xl font-bold text-slate-900">{table.number}</p>
      <p className="text-lg font-semibold text-slate-800">{table.name}</p>
      <QrImage dataUrl={qr.dataUrl} size={240} label={`QR code to order at ${table.name}`} className="mt-3" />
      <p className="mt-3 text-slate-800">Scan to order from your table and pay on your phone.</p>
    </article>
  );
}
