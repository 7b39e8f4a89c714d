import type { ReactNode } from 'react';

export type PillTone = 'green' | 'amber' | 'red' | 'slate' | 'sky';

// Dark text on a pale fill: every pair passes WCAG AA for small text.
const tones: Record<PillTone, string> = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
  sky: 'bg-sky-100 text-sky-900 ring-sky-300',
};

/** A small status label. The colour only repeats what the words say. */
export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
