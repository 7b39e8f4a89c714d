import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { staffMeKey } from '../../../api/staff-session';
import { ApiError } from '../../../lib/api';

/**
 * A staff call answered 401 or 403: the session ended (12 hours, signed out elsewhere, or this device
 * became a kiosk). Asking /api/staff/me again lets the StaffGate show the sign-in form.
 */
export function useSignInAgainOn(error: unknown): void {
  const qc = useQueryClient();
  const ended = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: staffMeKey });
  }, [ended, qc]);
}

/** What a list shows when its call failed. */
export function loadErrorText(error: unknown, what: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return 'Your staff session has ended. Please sign in again.';
  return `We could not load ${what}. It will try again shortly; check the connection if this stays.`;
}
