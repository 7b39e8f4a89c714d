import { startTransition, useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';

/*
 * The address as the app reads it, for wouter's <Router hook searchHook> (boot.tsx) and for the #fragment,
 * which wouter does not track. wouter's own hooks read the address with useSyncExternalStore, whose updates
 * are never transitions: a navigation to a page whose code has not loaded would swap the page for the loading
 * fallback. These keep it in state set in a transition instead (as React Router does, and our own router
 * did: docs/decisions/014), so the current page stays on screen while the next one's code loads.
 * wouter's navigate() (history.pushState, patched by wouter to send a "pushState" event) changes the address.
 */
const events = ['popstate', 'pushState', 'replaceState', 'hashchange'];

function useAddressPart(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    update(); // an address changed between the first render and this effect
    events.forEach((event) => addEventListener(event, update));
    return () => events.forEach((event) => removeEventListener(event, update));
  }, [read]);
  return value;
}

const inBrowser = typeof window !== 'undefined';
const readPath = () => (inBrowser ? location.pathname : '/');
const readSearch = () => (inBrowser ? location.search : '');
const readHash = () => (inBrowser ? location.hash : '');

export const useTransitionLocation = (): [string, typeof navigate] => [useAddressPart(readPath), navigate];
export const useTransitionSearch = (): string => useAddressPart(readSearch);
/** The address's #fragment ("" when none; always "" on the server, which never sees it). */
export const useHash = (): string => useAddressPart(readHash);
