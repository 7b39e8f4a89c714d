import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (an ISO time), ticking each second; null when there is no end. */
export function useCountdown(until: string | null): number | null {
  const end = until ? Date.parse(until) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end)) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [end]);
  return Number.isNaN(end) ? null : end - now;
}

/**
 * The time left on a hold as m:ss ("14:05"), never negative. Here rather than with the booking form's
 * logic, which brings the menu's allergens: the deposit's pay page needs only this (1.4 KB gzip less).
 */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
