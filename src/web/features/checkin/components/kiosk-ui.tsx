import type { ReactNode } from 'react';
import { todayInLondon } from '../../../../shared/dates';
import { longDayMonth } from '../../../../shared/date-text';

/** The kiosk's touch sizes: everything a finger presses is at least 56 px tall (44 px is the floor). */
export const kioskButton =
  'inline-flex min-h-14 items-center justify-center gap-2 rounded-full bg-brand-700 px-7 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-500';
export const kioskSecondaryButton =
  'inline-flex min-h-14 items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-6 py-3 text-lg font-semibold text-brand-800 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-400 disabled:text-slate-600';
export const kioskInput =
  'block min-h-14 w-full rounded-2xl border-2 border-slate-400 bg-white px-4 py-3 text-xl text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-berry-700';
export const kioskLabel = 'mb-2 block text-lg font-semibold text-slate-900';

/** A kiosk card with its heading (an h2 unless `level` says otherwise). */
export function KioskCard({
  title,
  icon,
  children,
  className = '',
  level = 2,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 ${className}`}>
      <Heading className="flex items-center gap-3 text-2xl font-bold text-slate-900">
        {icon}
        {title}
      </Heading>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A big tickable box with its label; the whole row is the touch target. */
export function KioskCheckbox({
  id,
  checked,
  onChange,
  error,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className="flex min-h-14 cursor-pointer items-start gap-4 rounded-2xl border-2 border-slate-200 bg-slate-50 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
      >
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-7 w-7 shrink-0 accent-brand-700"
        />
        <span className="text-lg font-medium text-slate-900">{children}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-medium text-berry-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Today, Monday 20 October": a venue date (yyyy-MM-dd) as a family reads it. */
export function readableDate(iso: string): string {
  const day = longDayMonth(iso);
  return iso === todayInLondon(new Date()) ? `Today, ${day}` : day;
}

export const partySize = (children: number, adults: number) =>
  `${children} ${children === 1 ? 'child' : 'children'}, ${adults} ${adults === 1 ? 'adult' : 'adults'}`;
