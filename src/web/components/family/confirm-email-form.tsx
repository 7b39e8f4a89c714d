import { useState, type FormEvent } from 'react';
import type { FamilyCodeResponse } from '../../../shared/contracts/family';
import { useConfirmFamilyCode, useRequestFamilyCode } from '../../api/family-session';
import { ApiError } from '../../lib/api';
import { FieldError, primaryButton, secondaryButton, Spinner, textInput } from '../ui/primitives';
import { PrivacyNote } from '../privacy-note';

/** The plain-words reason for the code, shown wherever a page asks for it. */
export const whyAConfirmation =
  'Anyone can type an e-mail address, so we first check that it is yours: we e-mail you a 6-digit code. ' +
  'Once you enter it, this browser can use your session credits, rewards points and bookings for 30 days, or until you sign out.';

const messageOf = (e: unknown, field: string): string | undefined => {
  if (!e) return undefined;
  if (e instanceof ApiError) return e.fields?.[field]?.[0] ?? e.message;
  return 'We could not reach the venue just now. Please try again.';
};

/**
 * Proving an e-mail address (DECISIONS.md "Families' data"): the address, "Email me a code", then the
 * 6-digit code from the e-mail. On success the browser holds the family session and every family query
 * is asked again (api/family-session.ts); `onConfirmed` lets the page move on.
 */
export function ConfirmEmailForm({
  idPrefix,
  initialEmail = '',
  sendLabel = 'Email me a code',
  onConfirmed,
}: {
  idPrefix: string;
  initialEmail?: string;
  sendLabel?: string;
  onConfirmed?: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<FamilyCodeResponse | null>(null);
  const request = useRequestFamilyCode();
  const confirm = useConfirmFamilyCode();
  const emailId = `${idPrefix}-email`;
  const codeId = `${idPrefix}-code`;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    confirm.reset();
    setCode('');
    request.mutate(email, { onSuccess: setSent });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ email, code }, { onSuccess: (session) => onConfirmed?.(session.email) });
  };

  if (!sent) {
    const error = messageOf(request.error, 'email');
    return (
      <form noValidate onSubmit={send} className="space-y-3">
        <div>
          <label htmlFor={emailId} className="block font-semibold text-slate-900">
            Email Address
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${emailId}-error` : `${emailId}-help`}
            className={`${textInput} mt-1`}
          />
          <FieldError id={`${emailId}-error`} message={error} />
          <p id={`${emailId}-help`} className="mt-2 text-sm text-slate-700">
            {whyAConfirmation}
          </p>
        </div>
        <PrivacyNote />
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={request.isPending}>
          {request.isPending ? (
            <Spinner label="Sending your code..." className="py-0 text-white [&_svg]:text-white" />
          ) : (
            sendLabel
          )}
        </button>
      </form>
    );
  }

  const error = messageOf(confirm.error, 'code');
  return (
    <form noValidate onSubmit={submitCode} className="space-y-3">
      <p role="status" className="text-slate-800">
        We sent a 6-digit code to <strong>{sent.sentTo}</strong>. It works for {sent.expiresInMinutes} minutes; the
        e-mail also has a link that does the same on this device.
      </p>
      <div>
        <label htmlFor={codeId} className="block font-semibold text-slate-900">
          6-digit code
        </label>
        <input
          id={codeId}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
          className={`${textInput} mt-1 max-w-48 text-center text-xl tracking-[0.3em]`}
        />
        <FieldError id={`${codeId}-error`} message={error} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={confirm.isPending}>
          {confirm.isPending ? (
            <Spinner label="Checking your code..." className="py-0 text-white [&_svg]:text-white" />
          ) : (
            'Confirm'
          )}
        </button>
        <button type="button" className={secondaryButton} onClick={() => send()} disabled={request.isPending}>
          Send a new code
        </button>
        <button
          type="button"
          className="min-h-11 px-2 font-semibold text-brand-800 underline"
          onClick={() => {
            setSent(null);
            confirm.reset();
          }}
        >
          Use a different email
        </button>
      </div>
    </form>
  );
}
