import { CircleCheck, FileSignature, Info } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { kioskAgreementFormSchema, type KioskAgreement } from '../../../../shared/contracts/kiosk-agreement';
import type { DayListTicket } from '../../../../shared/contracts/kiosk-offline';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { useZodForm } from '../../../lib/use-zod-form';
import { agreementBlocks, namesText } from '../../../lib/agreement-text';
import { useAcceptAgreementAtKiosk } from '../api/kiosk-api';
import { KioskCard, KioskCheckbox, kioskButton, kioskInput, kioskLabel } from './kiosk-ui';

/**
 * The visit agreement after a scan or search (issue 39): "Agreement accepted", or the rules of play in
 * force for an adult to accept on the tablet (typed full name and a tick), naming only the first names of
 * the booking's children. It never blocks Check In: staff see on the arrivals list who still has to accept.
 * Offline the kiosk knows only the day list's flag: accepted, or "please ask at the desk".
 */
export function AgreementCard({
  ticket,
  offline,
}: {
  ticket: KioskTicket;
  /** Offline (issue 41): the day list's flag for this ticket instead of the server's view. */
  offline?: DayListTicket['agreement'];
}) {
  const [accepted, setAccepted] = useState(false);
  if (offline !== undefined) {
    if (offline === null) return null;
    return offline === 'signed' ? <AcceptedNote /> : <AskAtDesk />;
  }
  const agreement = ticket.agreement;
  if (!agreement) return null;
  if (agreement.accepted) return <AcceptedNote />;
  // Just accepted here: the note takes the focus the form's button had.
  if (accepted) return <AcceptedNote focus />;
  return <AgreementForm handle={ticket.handle} agreement={agreement} onAccepted={() => setAccepted(true)} />;
}

function AcceptedNote({ focus = false }: { focus?: boolean }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) note.current?.focus();
  }, [focus]);
  return (
    <p
      ref={note}
      tabIndex={focus ? -1 : undefined}
      role="status"
      data-testid="agreement-accepted"
      className="flex items-center gap-3 rounded-3xl border-2 border-emerald-700 bg-emerald-50 p-5 text-2xl font-bold text-emerald-900 focus:outline-none"
    >
      <CircleCheck aria-hidden className="h-8 w-8 shrink-0" />
      Agreement accepted
    </p>
  );
}

function AskAtDesk() {
  return (
    <p className="flex items-center gap-3 rounded-3xl border-2 border-amber-500 bg-amber-50 p-5 text-xl font-semibold text-amber-950">
      <Info aria-hidden className="h-7 w-7 shrink-0" />
      Rules of play: please ask at the desk.
    </p>
  );
}

type Fields = { fullName: string; accept: boolean };

function AgreementForm({
  handle,
  agreement,
  onAccepted,
}: {
  handle: string;
  agreement: KioskAgreement;
  onAccepted: () => void;
}) {
  const accept = useAcceptAgreementAtKiosk();
  const { values, errors, set, check } = useZodForm<Fields>({ fullName: '', accept: false }, { afterChange: 'clear' });
  const [problem, setProblem] = useState<string>();
  const names = agreement.childNames ?? [];

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(kioskAgreementFormSchema);
    if (!parsed.ok) return;
    setProblem(undefined);
    accept.mutate(
      { handle, version: agreement.version, ...parsed.data },
      {
        onSuccess: onAccepted,
        onError: (err) =>
          setProblem(err instanceof ApiError && err.fields?.fullName ? err.fields.fullName[0] : problemText(err)),
      },
    );
  }

  return (
    <KioskCard title="Rules of Play" icon={<FileSignature aria-hidden className="h-7 w-7 text-brand-700" />}>
      <p className="text-lg text-slate-800">
        An adult in the party accepts our rules of play once{names.length ? ` for ${namesText(names)}` : ''}.
      </p>
      <div
        className="mt-3 max-h-72 space-y-2 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-50 p-4 text-lg text-slate-900"
        tabIndex={0}
        role="region"
        aria-label="The rules of play"
      >
        {agreementBlocks(agreement.text ?? '').map((b, i) =>
          b.kind === 'p' ? (
            <p key={i}>{b.text}</p>
          ) : (
            <ul key={i} className="list-disc space-y-1 pl-6">
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor="agreement-name" className={kioskLabel}>
            Your full name
          </label>
          <input
            id="agreement-name"
            className={kioskInput}
            value={values.fullName}
            maxLength={120}
            autoComplete="off"
            onChange={(e) => set('fullName', e.target.value)}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? 'agreement-name-error' : undefined}
          />
          {errors.fullName ? (
            <p id="agreement-name-error" className="mt-1 text-lg font-medium text-berry-700">
              {errors.fullName}
            </p>
          ) : null}
        </div>
        <KioskCheckbox
          id="agreement-accept"
          checked={values.accept}
          onChange={(v) => set('accept', v)}
          error={errors.accept}
        >
          I accept the rules of play{names.length ? ` for ${namesText(names)}` : ''}, and I am an adult in this party
        </KioskCheckbox>
        {problem ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-lg font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <button type="submit" className={`${kioskButton} w-full sm:w-auto`} disabled={accept.isPending}>
          {accept.isPending ? 'Saving...' : 'Accept the Rules of Play'}
        </button>
      </form>
    </KioskCard>
  );
}
