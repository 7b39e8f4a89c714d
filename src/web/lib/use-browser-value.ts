import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const nothing = () => null;

/**
 * `read()` in the browser; null in the server's render and while React adopts (hydrates) the HTML the
 * server sent. For what a first view, rendered once when the server starts, cannot know (today's date,
 * the clock): the server leaves it out, the browser fills it in, and hydration never adopts a stale
 * value (React does not correct attributes it adopts). `read` must give the same value while nothing
 * has changed, as a string, number or boolean does.
 */
export function useBrowserValue<T extends string | number | boolean>(read: () => T): T | null {
  return useSyncExternalStore(noSubscription, read, nothing);
}
