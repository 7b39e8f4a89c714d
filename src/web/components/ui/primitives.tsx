import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** Small shared pieces of the booking pages: buttons at least 44 px tall, cards, a spinner with text. */
export const primaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-5 py-2 font-semibold text-brand-800 transition hover:bg-brand-50';
export const textInput =
  'block min-h-12 w-full rounded-xl border-2 border-slate-300 bg-white px-4 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-berry-700';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {children}
    </section>
  );
}

export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-6 text-slate-700 ${className}`}>
      <LoaderCircle aria-hidden className="h-6 w-6 animate-spin text-brand-700" />
      {label}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-berry-700">
      {message}
    </p>
  );
}
