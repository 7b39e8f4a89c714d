import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../../app/router';
import { useFamilyLink } from '../../../api/family-session';

/**
 * The e-mailed links land on /my-bookings?signin=<token> (the code mail's one-click link and the
 * confirmation e-mail's My Bookings link). The page posts the token once (a GET that signed in would be
 * spent by mail scanners) and takes it out of the address bar at once: it is a single-use secret that
 * should not stay in the history or be bookmarked.
 */
export function useSigninLink() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('signin'));
  const link = useFamilyLink();
  const { mutate } = link;
  // StrictMode runs effects twice on mount; a used token would fail the second time.
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    setParams(
      (p) => {
        p.delete('signin');
        return p;
      },
      { replace: true },
    );
    mutate(token);
  }, [token, mutate, setParams]);

  return {
    /** Until the link has been tried, the page shows neither the form nor anyone's bookings. */
    pending: token !== null && (link.isIdle || link.isPending),
    error: link.error,
  };
}
