import { Workbox } from 'workbox-window';

/**
 * The kiosk's service worker (scripts/build-kiosk-sw.ts, Workbox): it keeps /check-in and its code so a
 * tablet set up once opens the kiosk with no network. Its scope is /check-in only; public pages never
 * load this module. A new version installs in the background and takes over at the next load.
 */
export function registerKioskServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void new Workbox('/check-in-sw.js', { scope: '/check-in' }).register().catch(() => {
    // No service worker (a private window, an old browser): the kiosk still works online.
  });
}
