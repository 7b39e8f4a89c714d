import { Workbox } from 'workbox-window';

/** A kiosk left on all day looks for a new version this often. */
const CHECK_EVERY_MS = 60 * 60_000;
/** A new version is loaded once nobody has touched the kiosk for this long (never mid check-in). */
const IDLE_MS = 2 * 60_000;

/**
 * The kiosk's service worker (scripts/build-kiosk-sw.ts, Workbox): it keeps /check-in and its code so a
 * tablet set up once opens the kiosk with no network. Its scope is /check-in only; public pages never
 * load this module. A new deploy's worker installs in the background and takes over; the kiosk then
 * reloads into the new version when it has been idle for a while.
 */
export function registerKioskServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/check-in-sw.js', { scope: '/check-in' });
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) reloadWhenIdle();
  });
  void wb
    .register()
    .then(() => setInterval(() => void wb.update().catch(() => undefined), CHECK_EVERY_MS))
    .catch(() => {
      // No service worker (a private window, an old browser): the kiosk still works online.
    });
}

function reloadWhenIdle() {
  let timer = setTimeout(() => location.reload(), IDLE_MS);
  const touched = () => {
    clearTimeout(timer);
    timer = setTimeout(() => location.reload(), IDLE_MS);
  };
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, touched, { passive: true });
}
