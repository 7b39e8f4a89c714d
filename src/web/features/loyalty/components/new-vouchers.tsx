import { Ticket } from 'lucide-react';
import type { VoucherDto } from '../../../../shared/contracts/loyalty';

/** Vouchers redeemed on this visit, with their codes; each is also in the member's e-mail. */
export function NewVouchers({ vouchers }: { vouchers: VoucherDto[] }) {
  if (vouchers.length === 0) return null;
  return (
    <section
      aria-labelledby="new-vouchers-title"
      className="rounded-3xl border-2 border-brand-700 bg-white p-5 shadow-sm"
    >
      <h2 id="new-vouchers-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Ticket aria-hidden className="h-5 w-5 text-brand-700" />
        Your New Vouchers
      </h2>
      <ul className="mt-3 space-y-2">
        {vouchers.map((v) => (
          <li key={v.code} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-brand-50 p-3">
            <span className="font-semibold text-slate-900">{v.title}</span>
            <span data-testid="voucher-code" className="font-mono text-lg font-bold tracking-wider text-brand-800">
              {v.code}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">We have emailed each code to you as well.</p>
    </section>
  );
}
