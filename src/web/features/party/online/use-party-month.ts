import { useCallback, useEffect, useRef, useState } from 'react';
import type { PartyAvailabilityResponse } from '../../../../shared/contracts/party-booking';
import { fetchPartyMonth } from '../../../api/party-booking';
import { ApiError } from '../../../lib/api';

type MonthState =
  | { status: 'loading'; month: string }
  | { status: 'ready'; month: string; data: PartyAvailabilityResponse }
  | { status: 'error'; month: string; message: string };

/**
 * One call per month shown (like the visit calendar), kept while the page is open so paging back is instant.
 * Plain fetch rather than the query client: the party page's first view stays light. `refresh` forgets the
 * month and asks again (after a slot was just taken).
 */
export function usePartyMonth(month: string | null) {
  const cache = useRef(new Map<string, PartyAvailabilityResponse>());
  const [state, setState] = useState<MonthState | null>(null);
  const [asked, setAsked] = useState(0);
  // After refresh(), the next answer must come from the server, not the browser's few-second cache.
  const fresh = useRef(false);

  useEffect(() => {
    if (!month) return;
    const hit = cache.current.get(month);
    if (hit) {
      setState({ status: 'ready', month, data: hit });
      return;
    }
    let live = true;
    setState({ status: 'loading', month });
    const again = fresh.current;
    fresh.current = false;
    fetchPartyMonth(month, again).then(
      (data) => {
        cache.current.set(month, data);
        if (live) setState({ status: 'ready', month, data });
      },
      (err: unknown) => {
        if (live)
          setState({
            status: 'error',
            month,
            message:
              err instanceof ApiError && err.status < 500
                ? err.message
                : 'We couldn’t load the party dates just now. Please try again, or call our party line.',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [month, asked]);

  const refresh = useCallback(() => {
    cache.current.clear();
    fresh.current = true;
    setAsked((n) => n + 1);
  }, []);

  // A state left from another month is not this month's.
  const current = state && state.month === month ? state : month ? ({ status: 'loading', month } as const) : null;
  return { state: current, refresh };
}
