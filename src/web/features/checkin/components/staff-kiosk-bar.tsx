import { MonitorSmartphone } from 'lucide-react';
import { useStaffSignOut } from '../../../api/staff-session';
import { darkOutlineButton, KioskModeForm } from '../../../components/staff/kiosk-mode-form';
import { toast } from '../../../components/ui/toast-store';

/**
 * Shown to signed-in staff (not to a kiosk): hand this device to families. Starting kiosk mode ends
 * the staff session on this device; it can then only check families in and out.
 */
export function StaffKioskBar({ displayName }: { displayName: string }) {
  const signOut = useStaffSignOut();
  return (
    <section aria-label="Staff kiosk controls" className="mb-6 rounded-3xl bg-slate-800 text-white">
      <KioskModeForm
        look="dark"
        defaultLabel="Front desk tablet"
        submitLabel="Start kiosk mode on this device"
        intro={
          <p className="flex items-center gap-2 lg:mb-3 lg:flex-1">
            <MonitorSmartphone aria-hidden className="h-6 w-6 shrink-0" />
            <span>
              Signed in as <strong>{displayName}</strong>. Families can check in here while you are signed in.
            </span>
          </p>
        }
        secondaryAction={
          <button
            type="button"
            className={darkOutlineButton}
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign Out
          </button>
        }
        onStarted={(label) => toast({ title: 'Kiosk Mode Started', description: `${label} is now a check-in kiosk.` })}
      />
    </section>
  );
}
