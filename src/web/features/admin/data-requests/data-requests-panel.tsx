import { Download, Eraser } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { dataRequestSchema } from '../../../../shared/contracts/privacy';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { useZodForm } from '../../../lib/use-zod-form';
import { PanelHeader, smallPrimary, smallSecondary } from '../components/panel-parts';
import { downloadExport, eraseData } from './data-requests-api';
import { erasedSummary } from './erased-summary';

const danger =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400';

/**
 * Admin tab "Data requests" (DECISIONS.md "Data rights and retention"): a family asks for a copy of
 * what we hold, or for it to be erased. Export downloads one JSON file; Erase asks once more before it
 * acts, since it cannot be undone. Both are written to the audit log by the server.
 */
export function DataRequestsPanel() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { values, errors, set, check } = useZodForm({ email: '' }, { afterChange: 'clear' });
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const address = () => {
    const parsed = check(dataRequestSchema);
    if (!parsed.ok) input.current?.focus();
    // The server matches addresses case-insensitively: show them as it will treat them.
    return parsed.ok ? parsed.data.email.toLowerCase() : null;
  };
  const fail = (err: unknown) => setStatus({ tone: 'error', text: err instanceof Error ? err.message : String(err) });

  async function exportFile(e: FormEvent) {
    e.preventDefault();
    const email = address();
    if (!email) return;
    setBusy('export');
    setStatus(null);
    try {
      const file = await downloadExport(email);
      const held =
        file.rows === 0
          ? 'nothing is held about it'
          : `${file.rows} record${file.rows === 1 ? '' : 's'} from ${file.tables} table${file.tables === 1 ? '' : 's'}`;
      setStatus({ tone: 'ok', text: `Downloaded ${file.name} for ${email}: ${held}.` });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  function askToErase() {
    const email = address();
    if (!email) return;
    setStatus(null);
    setConfirming(email);
  }

  // The confirm button takes focus as it appears (in the same commit, so nothing can be pressed
  // meanwhile): Enter or Space then confirms on purpose, never by accident elsewhere.
  useLayoutEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function erase(email: string) {
    setBusy('erase');
    try {
      const result = await eraseData(email);
      setStatus({ tone: 'ok', text: `Erased ${email}: ${erasedSummary(result)}.` });
      setConfirming(null);
      set('email', '');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <PanelHeader
        id={`${id}-title`}
        title="Data requests"
        intro="When a family asks for a copy of their data or for it to be erased. Check it is their address first: reply to a mail they sent from it. Only admins can do this."
      />
      <form onSubmit={exportFile} noValidate className="mt-4 rounded-3xl border border-slate-200 bg-white p-5">
        <label htmlFor={`${id}-email`} className="mb-1 block font-semibold text-slate-900">
          Their e-mail address
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          className={textInput}
          value={values.email}
          onChange={(e) => {
            set('email', e.target.value);
            setConfirming(null);
          }}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? `${id}-email-err` : undefined}
        />
        <FieldError id={`${id}-email-err`} message={errors.email} />
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={smallPrimary} disabled={busy !== null}>
            <Download aria-hidden className="h-4 w-4" />
            {busy === 'export' ? 'Preparing...' : 'Export (JSON)'}
          </button>
          <button type="button" className={smallSecondary} disabled={busy !== null} onClick={askToErase}>
            <Eraser aria-hidden className="h-4 w-4" />
            Erase...
          </button>
        </div>
      </form>

      {confirming ? (
        <div
          role="group"
          aria-labelledby={`${id}-confirm`}
          className="mt-4 rounded-3xl border-2 border-red-700 bg-red-50 p-5"
        >
          <h3 id={`${id}-confirm`} className="text-lg font-bold text-slate-900">
            Erase everything held about <span className="break-all">{confirming}</span>?
          </h3>
          <p className="mt-1 text-slate-800">
            Names, contact details, number plates and messages are replaced everywhere; amounts stay for the accounts.
            Their parties’ guest invitations are deleted, their session credits and points are closed and they are
            signed out. This cannot be undone.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              ref={confirmRef}
              type="button"
              className={danger}
              disabled={busy !== null}
              onClick={() => void erase(confirming)}
            >
              {busy === 'erase' ? 'Erasing...' : 'Yes, erase'}
            </button>
            <button
              type="button"
              className={smallSecondary}
              disabled={busy !== null}
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      <div role="status" aria-live="polite" className="mt-4">
        {status ? (
          <p
            className={`rounded-2xl p-4 break-words ${status.tone === 'ok' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
          >
            {status.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
