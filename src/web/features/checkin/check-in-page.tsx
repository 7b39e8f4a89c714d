import { useEffect, useState } from 'react';
import { useStaffMe } from '../../api/staff-session';
import { StaffGate } from '../../components/staff/staff-gate';
import { Spinner } from '../../components/ui/primitives';
import { KioskHeader } from './components/kiosk-header';
import { StaffKioskBar } from './components/staff-kiosk-bar';
import { KioskScreen } from './kiosk-screen';
import { forgetEverything, loadLabel, loadList, saveLabel } from './offline/kiosk-store';
import { useOfflineKiosk } from './offline/use-offline-kiosk';

/**
 * /check-in: the self-service kiosk. It works on a device staff switched to kiosk mode, or for staff
 * (DECISIONS.md); anyone else sees the staff sign-in. The server checks the same on every call. A kiosk
 * device also works offline (issue 41): its service worker keeps the page, and the day's list on the
 * device checks tickets until the network is back.
 */
export function CheckInPage() {
  useForgetWhenNotKiosk();
  return (
    <div className="min-h-screen bg-brand-50">
      <KioskHeader />
      {/* Room at the bottom so the last button can be scrolled clear of a toast. */}
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-32 sm:px-6 sm:pt-8">
        <StaffGate allow="kiosk-or-staff" unreachable={() => <OfflineStart />}>
          {(me) =>
            me.kind === 'staff' ? (
              <>
                <StaffKioskBar displayName={me.displayName} />
                <KioskScreen staff />
              </>
            ) : (
              <KioskDevice label={me.label} />
            )
          }
        </StaffGate>
      </main>
    </div>
  );
}

/** A device in kiosk mode: the kiosk, with its list kept for when the network drops. */
function KioskDevice({ label }: { label: string }) {
  const device = useOfflineKiosk();
  useEffect(() => {
    // After the kiosk is on screen: Workbox's window code is this device's alone, never a public page's.
    void import('./offline/register-service-worker').then((m) => m.registerKioskServiceWorker());
    void saveLabel(label);
  }, [label]);
  return (
    <>
      <KioskScreen device={device} />
      <p className="mt-8 text-center text-slate-700">Check-in kiosk: {label}</p>
      <p className="mt-1 text-center text-slate-700">
        {device.ready
          ? `Ready to check in offline: ${device.tickets} ticket${device.tickets === 1 ? '' : 's'} today.`
          : 'Getting ready to check in offline...'}
      </p>
    </>
  );
}

/** The server cannot be reached as the page opens: the kiosk, if this device was set up today. */
function OfflineStart() {
  const [label, setLabel] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void Promise.all([loadLabel(), loadList()])
      .then(([l, list]) => setLabel(list ? (l ?? 'this tablet') : null))
      .catch(() => setLabel(null));
  }, []);
  if (label === undefined) return <Spinner label="Opening the kiosk..." />;
  if (label === null)
    return (
      <p role="alert" className="py-6 text-center text-berry-700">
        We could not reach the server. Please check the connection and reload the page.
      </p>
    );
  return <KioskDevice label={label} />;
}

/** Kiosk mode ended on this device (staff signed in, or nobody is): nothing of the kiosk stays on it. */
function useForgetWhenNotKiosk() {
  const me = useStaffMe();
  const notKiosk = me.data !== undefined && !(me.data.signedIn && me.data.kind === 'kiosk');
  useEffect(() => {
    if (!notKiosk) return;
    if ('indexedDB' in window) void forgetEverything().catch(() => undefined);
    // The kiosk's service worker and what it kept go too: this browser is not a kiosk any more.
    void navigator.serviceWorker
      ?.getRegistrations()
      .then((all) => all.filter((r) => new URL(r.scope).pathname.startsWith('/check-in')).map((r) => r.unregister()))
      .catch(() => undefined);
    if ('caches' in window)
      void caches
        .keys()
        .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ptb-kiosk')).map((k) => caches.delete(k))))
        .catch(() => undefined);
  }, [notKiosk]);
}
