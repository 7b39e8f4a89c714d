import { CheckCircle2, FileText, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { inquiryTypeLabel, type InquiryDto } from '../../../../shared/contracts/admin-inquiries';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { toast } from '../../../components/ui/toast-store';
import { useMarkResponded } from '../api/admin-inquiries-api';
import { Pill } from '../components/pill';
import { smallPrimary, smallSecondary } from '../components/panel-parts';

const ago = (days: number) => (days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`);
const respondedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { timeZone: VENUE_TIME_ZONE, day: 'numeric', month: 'short' });

/**
 * One enquiry as staff work through it: who, what kind, when, the message, and the actions
 * (Draft Response, Mark as Responded, plus any the list adds). Used by both inquiry tabs.
 */
export function InquiryCard({
  inquiry,
  onDraft,
  drafting,
  children,
  extraActions,
}: {
  inquiry: InquiryDto;
  onDraft: (button: HTMLElement) => void;
  drafting: boolean;
  children?: ReactNode;
  extraActions?: ReactNode;
}) {
  const mark = useMarkResponded();
  const headingId = `inquiry-${inquiry.id}`;

  const markResponded = () =>
    mark.mutate(inquiry.id, {
      onSuccess: () =>
        toast({ title: 'Marked as responded', description: `${inquiry.name}'s enquiry is marked as answered.` }),
      onError: (err) =>
        toast({ title: 'Failed to mark inquiry as responded', description: err.message, variant: 'destructive' }),
    });

  return (
    <li
      className={`rounded-3xl border bg-white p-4 shadow-sm sm:p-5 ${inquiry.responded ? 'border-slate-200' : 'border-brand-600'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {inquiry.name}
        </h3>
        {inquiry.isRecent && !inquiry.responded ? <Pill tone="amber">New</Pill> : null}
        {inquiry.responded ? (
          <Pill tone="green">
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            Responded{inquiry.respondedAt ? ` ${respondedOn(inquiry.respondedAt)}` : ''}
          </Pill>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold text-sky-700">{inquiryTypeLabel(inquiry.inquiryType)}</span> ·{' '}
        {inquiry.formattedDate} at {inquiry.formattedTime} ({ago(inquiry.daysSince)})
      </p>
      <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
        <a
          href={`mailto:${inquiry.email}`}
          className="inline-flex min-h-11 items-center gap-1 break-all font-medium text-brand-800 underline"
        >
          <Mail aria-hidden className="h-4 w-4 shrink-0" />
          {inquiry.email}
        </a>
        {inquiry.phone ? (
          <a
            href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline"
          >
            <Phone aria-hidden className="h-4 w-4 shrink-0" />
            {inquiry.phone}
          </a>
        ) : null}
      </div>
      {children}
      <p className="mt-2 whitespace-pre-wrap break-words rounded-2xl bg-slate-50 p-3 text-slate-800">
        {inquiry.message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={smallSecondary} onClick={(e) => onDraft(e.currentTarget)} disabled={drafting}>
          <FileText aria-hidden className="h-4 w-4" />
          {drafting ? 'Drafting...' : 'Draft Response'}
        </button>
        {inquiry.responded ? null : (
          <button type="button" className={smallPrimary} onClick={markResponded} disabled={mark.isPending}>
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            {mark.isPending ? 'Saving...' : 'Mark as Responded'}
          </button>
        )}
        {extraActions}
      </div>
    </li>
  );
}
