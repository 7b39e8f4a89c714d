import { Mail, Phone } from 'lucide-react';
import { ReceiptLink } from '../components/receipt-link';
import type { PaymentSearchResult } from '../../../../shared/contracts/admin';
import { formatPence } from '../../../../shared/money';
import { formatDayAndTime } from '../lib/format';
import { Pill, type PillTone } from '../components/pill';

/** SPEC.md section 4: these statuses by name; anything else reads as failed. */
const statuses: Record<string, { label: string; tone: PillTone }> = {
  succeeded: { label: 'Succeeded', tone: 'green' },
  processing: { label: 'Processing', tone: 'sky' },
  pending: { label: 'Pending', tone: 'amber' },
  requires_payment_method: { label: 'Requires payment method', tone: 'amber' },
  canceled: { label: 'Canceled', tone: 'slate' },
  refunded: { label: 'Refunded', tone: 'slate' },
  failed: { label: 'Failed', tone: 'red' },
};
export const paymentStatus = (s: string) => statuses[s] ?? statuses.failed!;

const methods: Record<string, string> = { card: 'Card', bacs_debit: 'Bank debit' };
/** How staff read the provider's method type ("Card", "Bank debit"; an unknown type as it came). */
export const paymentMethodLabel = (type: string) => methods[type] ?? type;

export function PaymentResultCard({ payment: p }: { payment: PaymentSearchResult }) {
  const status = paymentStatus(p.status);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-bold text-slate-900">{p.customer_name}</h3>
          <p className="text-sm text-slate-700">
            {p.description} · {formatDayAndTime(new Date(p.created * 1000))}
          </p>
        </div>
        <div className="ml-auto text-right">
          <p className="text-xl font-bold text-slate-900">
            {p.currency === 'gbp' ? formatPence(p.amount) : `${p.amount} ${p.currency}`}
          </p>
          <Pill tone={status.tone}>{status.label}</Pill>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <a
          href={`mailto:${p.customer_email}`}
          className="inline-flex min-h-11 items-center gap-1 break-all text-brand-800 underline"
        >
          <Mail aria-hidden className="h-4 w-4 shrink-0" />
          {p.customer_email}
        </a>
        <a
          href={`tel:${p.customer_phone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline"
        >
          <Phone aria-hidden className="h-4 w-4 shrink-0" />
          {p.customer_phone}
        </a>
        <span className="inline-flex min-h-11 items-center">
          {p.payment_method_type ? paymentMethodLabel(p.payment_method_type) : 'Method not recorded'}
        </span>
        {p.receipt_url ? <ReceiptLink href={p.receipt_url} /> : null}
      </div>
    </li>
  );
}
