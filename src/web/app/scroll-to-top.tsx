import { useEffect } from 'react';
import { useLocation } from './router';

/** A new page starts at its top, or at its #anchor when the link names one. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
