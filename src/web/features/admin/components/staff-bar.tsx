import { ChefHat, LogOut, MonitorSmartphone, ShoppingCart, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { StaffMe } from '../../../../shared/contracts/staff';
import { useStaffSignOut } from '../../../api/staff-session';
import { toast } from '../../../components/ui/toast-store';
import { KioskModeDialog } from './kiosk-mode-dialog';
import { KitchenModeDialog } from './kitchen-mode-dialog';

type Staff = Extract<StaffMe, { kind: 'staff' }>;

const smallButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-800 disabled:opacity-60';

/** Who is signed in, Sign out, and handing this device over as the check-in kiosk. */
export function StaffBar({ me }: { me: Staff }) {
  const signOut = useStaffSignOut();
  const [kioskOpen, setKioskOpen] = useState(false);
  const [kitchenOpen, setKitchenOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-2">
      <p className="inline-flex items-center gap-2 text-slate-700">
        <UserRound aria-hidden className="h-5 w-5 text-brand-700" />
        <span>
          Signed in as <strong className="text-slate-900">{me.displayName}</strong>
          {me.role === 'admin' ? ' (admin)' : ''}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {/* A whole page load: the till is its own screen, with its own print stylesheet (issue 48). */}
        <a href="/admin/till" className={smallButton}>
          <ShoppingCart aria-hidden className="h-4 w-4" />
          Till
        </a>
        <button type="button" className={smallButton} onClick={() => setKioskOpen(true)}>
          <MonitorSmartphone aria-hidden className="h-4 w-4" />
          Start kiosk mode on this device
        </button>
        <button type="button" className={smallButton} onClick={() => setKitchenOpen(true)}>
          <ChefHat aria-hidden className="h-4 w-4" />
          Kitchen mode
        </button>
        <button
          type="button"
          className={smallButton}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onError: (e) => toast({ title: 'Sign out failed', description: e.message, variant: 'destructive' }),
            })
          }
        >
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out
        </button>
      </div>
      <KioskModeDialog open={kioskOpen} onClose={() => setKioskOpen(false)} />
      <KitchenModeDialog open={kitchenOpen} onClose={() => setKitchenOpen(false)} />
    </div>
  );
}
