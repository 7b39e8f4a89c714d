import { useEffect, useState } from 'react';
import type { RetentionPeriods } from '../../../shared/retention';
import { apiGet } from '../../lib/api';

export type RetentionState =
  { status: 'loading' } | { status: 'ready'; periods: RetentionPeriods } | { status: 'failed' };

/**
 * The retention periods in force on this server. Asked of the server after the first render: the page's
 * first view, rendered once when the server starts, holds no period rather than a default that may differ.
 */
export function useRetentionPeriods(): RetentionState {
  const [state, setState] = useState<RetentionState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    apiGet<RetentionPeriods>('/api/privacy/retention').then(
      (periods) => alive && setState({ status: 'ready', periods }),
      () => alive && setState({ status: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
