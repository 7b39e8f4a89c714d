import { Printer } from 'lucide-react';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import { useSearchParams } from '../../app/router';
import { PageShell } from '../../components/page-shell';
import { Card, primaryButton, Spinner } from '../../components/ui/primitives';
import { usePrintableVoucher } from './gift-vouchers-api';

/**
 * /gift-vouchers/print?token=: the voucher to print or show at the desk, for the buyer's or the
 * recipient's signed link. The page's own chrome is hidden when printing (print: classes).
 */
export function GiftVoucherPrintPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const voucher = usePrintableVoucher(token);

  return (
    <PageShell title="Your Gift Voucher">
      {!token || voucher.isError ? (
        <Card>
          <p role="alert" className="text-slate-900">
            {voucher.error?.message ?? 'This voucher link is not valid. Please use the link in your e-mail.'}
          </p>
        </Card>
      ) : voucher.isPending ? (
        <Spinner label="Loading your voucher..." />
      ) : (
        <div className="mx-auto max-w-2xl space-y-4">
          <article
            aria-label="Gift voucher"
            className="rounded-3xl border-4 border-dashed border-brand-700 bg-white p-6 text-center shadow-sm print:shadow-none sm:p-8"
          >
            <p className="font-display text-lg font-bold text-brand-800">{voucher.data.venueName}</p>
            <h2 className="mt-2 font-display text-3xl font-bold text-slate-900 sm:text-4xl">Gift Voucher</h2>
            <p className="mt-3 text-xl text-slate-900">
              For <strong>{voucher.data.recipientName}</strong>, from {voucher.data.buyerName}
            </p>
            <p className="mt-4 text-3xl font-bold text-brand-800">
              {voucher.data.kind === 'visit'
                ? `${voucher.data.ticketTypeTitle ?? 'Play'} visit`
                : formatPence(voucher.data.initial)}
            </p>
            {voucher.data.kind === 'visit' ? (
              <p className="text-slate-700">worth {formatPence(voucher.data.initial)}</p>
            ) : null}
            {voucher.data.message ? (
              <blockquote className="mx-auto mt-4 max-w-md whitespace-pre-wrap break-words rounded-2xl bg-brand-50 p-4 text-left text-slate-900">
                {voucher.data.message}
              </blockquote>
            ) : null}
            <img
              src={voucher.data.qr}
              alt={`QR code of voucher ${voucher.data.code}`}
              width={200}
              height={200}
              className="mx-auto mt-5 h-48 w-48"
            />
            {/* A narrow screen breaks the code only between its groups. */}
            <p className="mt-2 font-mono text-lg font-bold tracking-wide text-slate-900 sm:text-xl">
              {voucher.data.code.split('-').map((group, i) => (
                <span key={i} className="whitespace-nowrap">
                  {i > 0 ? '-' : ''}
                  {group}
                  <wbr />
                </span>
              ))}
            </p>
            <p className="mt-3 text-slate-800">
              {voucher.data.status === 'active'
                ? `Balance ${formatPence(voucher.data.balance)}. Valid until ${longDate(voucher.data.expiresOn)}.`
                : voucher.data.status === 'expired'
                  ? `This voucher expired on ${longDate(voucher.data.expiresOn)}.`
                  : 'This voucher is no longer valid.'}
            </p>
            <p className="mt-1 text-sm text-slate-700">Spend it when you book online or at the desk.</p>
          </article>
          <button
            type="button"
            className={`${primaryButton} w-full print:hidden sm:w-auto`}
            onClick={() => window.print()}
          >
            <Printer aria-hidden className="h-5 w-5" />
            Print
          </button>
        </div>
      )}
    </PageShell>
  );
}
