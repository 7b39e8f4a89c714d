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
