import { useEffect, useState } from 'react';
import type { LatestPostResponse } from '../../../shared/contracts/social';
import { apiGet } from '../../lib/api';

const REFRESH_MS = 5 * 60_000; // SPEC.md section 7: the social post is refetched every 5 minutes.

export type LatestPostState = { status: 'loading' } | { status: 'ready'; data: LatestPostResponse | null };

/**
 * The venue's latest social post, with plain fetch: the home page stays free of TanStack Query
 * (docs/decisions/001). A failed request counts as "no post" (data null), never as an error screen.
 */
export function useLatestPost(): LatestPostState {
  const [state, setState] = useState<LatestPostState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    const load = async () => {
      let data: LatestPostResponse | null = null;
      try {
        data = await apiGet<LatestPostResponse>('/api/facebook/latest');
      } catch {
        data = null;
      }
      if (alive) setState({ status: 'ready', data });
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return state;
}
