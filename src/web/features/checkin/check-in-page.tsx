import { StaffGate } from '../../components/staff/staff-gate';
import { KioskHeader } from './components/kiosk-header';
import { StaffKioskBar } from './components/staff-kiosk-bar';
import { KioskScreen } from './kiosk-screen';

/**
 * /check-in: the self-service kiosk. It works on a device staff switched to kiosk mode, or for staff
 * (DECISIONS.md); anyone else sees the staff sign-in. The server checks the same on every call.
 */
export function CheckInPage() {
  return (
    <div className="min-h-screen bg-brand-50">
      <KioskHeader />
      {/* Room at the bottom so the last button can be scrolled clear of a toast. */}
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-32 sm:px-6 sm:pt-8">
        <StaffGate allow="kiosk-or-staff">
          {(me) => (
            <>
              {me.kind === 'staff' ? <StaffKioskBar displayName={me.displayName} /> : null}
              <KioskScreen staff={me.kind === 'staff'} />
              {me.kind === 'kiosk' ? (
                <p className="mt-8 text-center text-slate-700">Check-in kiosk: {me.label}</p>
              ) : null}
            </>
          )}
        </StaffGate>
      </main>
    </div>
  );
}
