import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageShell } from '../page-shell';
import { Card } from '../ui/primitives';

/**
 * A page that takes a payment for something already held (a ticket booking, a party's deposit): the
 * "Payment Details" card and a way back on the left, the summary of what is paid for on the right.
 */
export function PaymentPageLayout({
  title,
  intro,
  back,
  summary,
  children,
}: {
  title: string;
  intro: string;
  back: ReactNode;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageShell title={title} intro={intro}>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">
          <Card>
            <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <ShieldCheck aria-hidden className="h-6 w-6 text-brand-700" />
              Payment Details
            </h2>
            {children}
          </Card>
          {back}
        </div>
        <div className="lg:col-span-2">{summary}</div>
      </div>
    </PageShell>
  );
}
