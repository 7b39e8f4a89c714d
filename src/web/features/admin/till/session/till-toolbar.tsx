import { ArrowDownUp, Lock, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { smallSecondary } from '../../components/panel-parts';
import type { DeviceTill } from '../lib/device-till';
import type { Staff } from '../till-staff';
import { CashMovementDialog } from './cash-movement-dialog';
import { SwitchUserDialog } from './switch-user-dialog';

/** Which till, who is serving, and the till's own actions: cash in or out, switch user, close the till. */
export function TillToolbar({
  me,
  till,
  busy,
  onClose,
}: {
  me: Staff;
  till: DeviceTill;
  busy: boolean;
  onClose: () => void;
}) {
  const [dialog, setDialog] = useState<'cash' | 'switch' | null>(null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-1">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-800">
        <strong className="text-slate-900">{till.till}</strong>
        <span className="inline-flex items-center gap-1">
          <UserRound aria-hidden className="h-4 w-4 text-brand-700" />
          Serving: <strong className="text-slate-900">{me.displayName}</strong>
        </span>
      </p>
      <div className="flex flex-wrap gap-2 py-1">
        <button type="button" className={smallSecondary} onClick={() => setDialog('cash')}>
          <ArrowDownUp aria-hidden className="h-4 w-4" />
          Cash in / out
        </button>
        <button type="button" className={smallSecondary} onClick={() => setDialog('switch')}>
          <Users aria-hidden className="h-4 w-4" />
          Switch user
        </button>
        <button type="button" className={smallSecondary} disabled={busy} onClick={onClose}>
          <Lock aria-hidden className="h-4 w-4" />
          Close till
        </button>
      </div>
      <CashMovementDialog sessionId={till.sessionId} open={dialog === 'cash'} onClose={() => setDialog(null)} />
      <SwitchUserDialog tillSessionId={till.sessionId} open={dialog === 'switch'} onClose={() => setDialog(null)} />
    </div>
  );
}
