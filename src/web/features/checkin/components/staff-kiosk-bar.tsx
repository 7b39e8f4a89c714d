import { MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { kioskModeSchema } from '../../../../shared/contracts/staff';
import { useStaffSignOut, useStartKioskMode } from '../../../api/staff-session';
import { toast } from '../../../components/ui/toast-store';

const button = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold transition';

/**
 * Shown to signed-in staff (not to a kiosk): hand this device to families. Starting kiosk mode ends
 * the staff session on this device; it can then only check families in and out.
 */
export function StaffKioskBar({ displayName }: { displayName: string }) {
  const start = useStartKioskMode();
  const signOut = useStaffSignOut();
  const [label, setLabel] = useState('Front desk tablet');
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = kioskModeSchema.safeParse({ label });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    start.mutate(parsed.data.label, {
      onSuccess: () =>
        toast({ title: 'Kiosk Mode Started', description: `${parsed.data.label} is now a check-in kiosk.` }),
      onError: (err) => toast({ title: 'Kiosk mode failed', description: err.message, variant: 'destructive' }),
    });
  }

  return (
    <section aria-label="Staff kiosk controls" className="mb-6 rounded-3xl bg-slate-800 text-white">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-end">
        <p className="flex items-center gap-2 lg:mb-3 lg:flex-1">
          <MonitorSmartphone aria-hidden className="h-6 w-6 shrink-0" />
          <span>
            Signed in as <strong>{displayName}</strong>. Families can check in here while you are signed in.
          </span>
        </p>
        <div>
          <label htmlFor="kiosk-label" className="mb-1 block text-sm font-semibold">
            Device name
          </label>
          <input
            id="kiosk-label"
            value={label}
            maxLength={60}
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'kiosk-label-error' : undefined}
            className="block min-h-12 w-full rounded-xl border-2 border-slate-400 bg-white px-3 text-slate-900 focus:border-sun-400 focus:outline-none lg:w-56"
          />
          {error ? (
            <p id="kiosk-label-error" role="alert" className="mt-1 text-sm font-semibold text-sun-300">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className={`${button} bg-sun-300 text-slate-900 hover:bg-sun-400`}
          disabled={start.isPending}
        >
          {start.isPending ? 'Starting...' : 'Start kiosk mode on this device'}
        </button>
        <button
          type="button"
          className={`${button} border-2 border-white text-white hover:bg-slate-700`}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign Out
        </button>
      </form>
    </section>
  );
}
