import { LogOut, ShieldCheck } from 'lucide-react';
import { useFamilySignOut } from '../../api/family-session';

/** "Confirmed as ...", with Sign out, which ends the family session on this browser. */
export function FamilySessionBar({ email, className = '' }: { email: string; className?: string }) {
  const signOut = useFamilySignOut();
  return (
    <div className={`flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-800 ${className}`}>
      <p className="flex min-w-0 items-center gap-2">
        <ShieldCheck aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          Confirmed as <strong>{email}</strong>
        </span>
      </p>
      <button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline"
      >
        <LogOut aria-hidden className="h-4 w-4" />
        Sign out
      </button>
    </div>
  );
}
