import { MonitorSmartphone, Power, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { StaffSessionDto } from '../../../../shared/contracts/staff-accounts';
import { toast } from '../../../components/ui/toast-store';
import { useEndSession } from '../api/staff-accounts-api';
import { Pill } from '../components/pill';
import { EmptyState, smallSecondary } from '../components/panel-parts';
import { formatDayAndTime } from '../lib/format';
import { ActionDialog } from './action-dialog';

const nameOf = (s: StaffSessionDto) => (s.kind !== 'staff' ? s.label : s.displayName);

function SessionItem({ s, onEnd }: { s: StaffSessionDto; onEnd: () => void }) {
  const Icon = s.kind !== 'staff' ? MonitorSmartphone : UserRound;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
          <Icon aria-hidden className="h-5 w-5 text-brand-700" />
          {nameOf(s)}
          {s.current ? <Pill tone="green">This browser</Pill> : null}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {s.kind !== 'staff' ? `Started by ${s.displayName} (${s.username})` : `Signed in as ${s.username}`} on{' '}
          {formatDayAndTime(s.startedAt)} · Last seen {s.lastSeenAt ? formatDayAndTime(s.lastSeenAt) : 'never'} · Ends
          by itself {formatDayAndTime(s.expiresAt)}
        </p>
      </div>
      <button type="button" className={smallSecondary} onClick={onEnd}>
        <Power aria-hidden className="h-4 w-4" />
        {s.kind !== 'staff' ? 'End device' : 'Sign out'}
        <span className="sr-only"> {nameOf(s)}</span>
      </button>
    </li>
  );
}

/** Live kiosk devices and people signed in now; an admin ends any of them (its next request is refused). */
export function SessionList({ sessions }: { sessions: StaffSessionDto[] }) {
  const [ending, setEnding] = useState<StaffSessionDto | null>(null);
  const end = useEndSession();
  const devices = sessions.filter((s) => s.kind !== 'staff');
  const people = sessions.filter((s) => s.kind === 'staff');

  function confirm() {
    if (!ending) return;
    end.mutate(ending.id, {
      onSuccess: () => {
        toast({
          title: ending.kind !== 'staff' ? 'Device ended' : 'Signed out',
          description:
            ending.kind !== 'staff'
              ? `${ending.label} is no longer a ${ending.kind === 'kitchen' ? 'kitchen screen' : 'kiosk'}. Staff can sign in on it to start it again.`
              : `${ending.displayName} is signed out on that browser.`,
        });
        setEnding(null);
      },
      onError: (err) => toast({ title: 'Nothing changed', description: err.message, variant: 'destructive' }),
    });
  }

  const list = (items: StaffSessionDto[]) => (
    <ul className="mt-3 space-y-3">
      {items.map((s) => (
        <SessionItem key={s.id} s={s} onEnd={() => setEnding(s)} />
      ))}
    </ul>
  );
  return (
    <>
      <h3 className="mt-8 text-xl font-bold text-brand-800">Kiosk devices</h3>
      {devices.length ? (
        list(devices)
      ) : (
        <EmptyState title="No kiosk devices">
          Start kiosk mode on a tablet from the bar above; it shows here, by its name, until it is ended.
        </EmptyState>
      )}
      <h3 className="mt-8 text-xl font-bold text-brand-800">Signed in now</h3>
      {list(people)}
      <ActionDialog
        open={!!ending}
        title={ending?.kind !== 'staff' ? `End this ${ending?.kind} device?` : 'Sign this browser out?'}
        confirmLabel={ending?.kind !== 'staff' ? 'End device' : 'Sign out'}
        pending={end.isPending}
        onConfirm={confirm}
        onClose={() => setEnding(null)}
      >
        <p>
          {ending?.kind === 'kiosk'
            ? `${ending.label} stops working as the check-in kiosk at once. To use it again, sign in as staff on it and start kiosk mode.`
            : ending?.current
              ? 'This is the browser you are using: you will be signed out here.'
              : `${ending?.displayName} is signed out on that browser at once.`}
        </p>
      </ActionDialog>
    </>
  );
}
