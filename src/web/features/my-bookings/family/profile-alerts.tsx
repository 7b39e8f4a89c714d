import { CircleAlert } from 'lucide-react';
import type { RefObject } from 'react';
import { secondaryButton } from '../../../components/ui/primitives';

/** The profile was saved elsewhere since this page read it (409 stale_version): reload, then edit again. */
export function StaleAlert({
  alertRef,
  onReload,
}: {
  alertRef: RefObject<HTMLDivElement | null>;
  onReload: () => void;
}) {
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4"
    >
      <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-berry-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">Your family details were changed somewhere else.</p>
        <p className="text-slate-800">
          Someone saved them on another device or tab since you opened this page. Reload to see the latest details, then
          make your changes again.
        </p>
        <button type="button" onClick={onReload} className={`${secondaryButton} mt-3`}>
          Reload the details
        </button>
      </div>
    </div>
  );
}

/** A removed child a membership or a booking to come still needs (409 child_in_use, issue 46): the server's words. */
export function ChildInUseAlert({
  alertRef,
  message,
}: {
  alertRef: RefObject<HTMLDivElement | null>;
  message: string;
}) {
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      data-testid="child-in-use"
      className="flex items-start gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4"
    >
      <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-berry-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">Nothing was saved: this child cannot be removed now.</p>
        <p className="text-slate-800">{message}</p>
        <p className="text-slate-800">They are back in the list below; your other changes are still there to save.</p>
      </div>
    </div>
  );
}

/** The server refused fields (400): a summary above the form; the messages themselves sit by their fields. */
export function FormErrorsAlert({ messages }: { messages: string[] }) {
  return (
    <div
      data-form-errors
      tabIndex={-1}
      role="alert"
      className="rounded-2xl border-2 border-berry-700 bg-white p-4 text-slate-900"
    >
      <p className="font-semibold">Not saved yet: please check the details marked below.</p>
      {messages.map((m) => (
        <p key={m} className="text-berry-700">
          {m}
        </p>
      ))}
    </div>
  );
}
