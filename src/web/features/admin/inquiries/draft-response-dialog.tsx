import { Copy, Mail, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { DraftedResponse, InquiryDto } from '../../../../shared/contracts/admin-inquiries';
import { textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { shortDayMonth } from '../../../../shared/date-text';
import { availabilityBadge, availabilitySummary, slotLabel } from './draft-text';
import { Pill } from '../components/pill';
import { smallPrimary, smallSecondary } from '../components/panel-parts';
import { Tooltip } from '../../../components/ui/tooltip';

async function copy(text: string, field: HTMLInputElement | HTMLTextAreaElement | null, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `The ${what} is on the clipboard.` });
  } catch {
    // No clipboard access (an insecure origin, or permission refused): select it for Ctrl+C instead.
    field?.focus();
    field?.select();
    toast({
      title: 'Copy it yourself',
      description: `The ${what} is selected: press Ctrl+C (or long-press and Copy).`,
    });
  }
}

/**
 * The drafted reply in a native modal <dialog>: the browser keeps focus inside, makes the page
 * behind inert, closes on Escape and returns focus to the button that opened it. Staff may edit
 * the text before copying it; nothing is sent from here.
 */
export function DraftResponseDialog({
  inquiry,
  draft,
  isParty,
  onClose,
}: {
  inquiry: InquiryDto;
  draft: DraftedResponse;
  isParty: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);

  // Opened once; unmounting removes it from the top layer (closing here would fire onClose under StrictMode).
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  const badge = draft.availability ? availabilityBadge[draft.availability] : null;
  const mailto = `mailto:${encodeURIComponent(inquiry.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-1rem)] max-w-2xl rounded-3xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="max-h-[90dvh] overflow-y-auto p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-800">
              Drafted Response
            </h2>
            <p className="text-slate-700">
              To {inquiry.name} ({inquiry.email}). Nothing has been sent.
            </p>
          </div>
          <Tooltip label="Close" align="end" className="shrink-0">
            <button
              type="button"
              aria-label="Close"
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
              onClick={() => ref.current?.close()}
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          </Tooltip>
        </div>

        <section aria-labelledby={`${id}-cal`} className="mt-4 rounded-2xl bg-brand-50 p-4">
          <h3 id={`${id}-cal`} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            Booking calendar{' '}
            {badge ? <Pill tone={badge.tone}>{badge.label}</Pill> : <Pill tone="slate">Not configured</Pill>}
          </h3>
          <p className="mt-1 text-slate-700">
            {draft.availability
              ? `Checked just now: ${availabilitySummary(draft.availability, isParty)}`
              : 'The booking calendar is not configured (no sessions are set up), so availability was not checked.'}
          </p>
          {draft.availableSlots.length > 0 ? (
            <p className="mt-1 text-slate-700">
              {isParty ? 'Free that day' : `Free on ${shortDayMonth(draft.alternativeDates[0] ?? '')}`}:{' '}
              {draft.availableSlots.map(slotLabel).join(', ')}
            </p>
          ) : null}
          {draft.alternativeDates.length > 0 && (isParty || draft.availability !== 'available') ? (
            <p className="mt-1 text-slate-700">
              {isParty ? 'Nearby dates with that time free' : 'Next open days'}:{' '}
              {draft.alternativeDates.map(shortDayMonth).join(', ')}
            </p>
          ) : null}
        </section>

        <div className="mt-4">
          <label htmlFor={`${id}-subject`} className="mb-1 block font-semibold text-slate-900">
            Subject
          </label>
          <input
            ref={subjectRef}
            id={`${id}-subject`}
            className={textInput}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
        </div>
        <div className="mt-4">
          <label htmlFor={`${id}-body`} className="mb-1 block font-semibold text-slate-900">
            Message
          </label>
          <textarea
            ref={bodyRef}
            id={`${id}-body`}
            rows={14}
            className={`${textInput} font-sans leading-relaxed`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>

        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            autoFocus
            className={smallPrimary}
            onClick={() => void copy(body, bodyRef.current, 'message')}
          >
            <Copy aria-hidden className="h-4 w-4" />
            Copy message
          </button>
          <button
            type="button"
            className={smallSecondary}
            onClick={() => void copy(subject, subjectRef.current, 'subject')}
          >
            <Copy aria-hidden className="h-4 w-4" />
            Copy subject
          </button>
          <a href={mailto} className={smallSecondary}>
            <Mail aria-hidden className="h-4 w-4" />
            Open in e-mail app
          </a>
          <button type="button" className={`${smallSecondary} sm:ml-auto`} onClick={() => ref.current?.close()}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  );
}
