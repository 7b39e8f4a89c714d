import { Gift, Mail } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from '../../../app/router';
import { formatCount } from '../../../../shared/money';
import { loyaltyProgramme } from '../../../../shared/venue';
import { ConfirmEmailForm } from '../../../components/family/confirm-email-form';
import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { Card, primaryButton, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';

/** Where the first screen is: asking for the address and code, looking up the proven one, or its answer. */
export type EntryStep = 'ask' | 'looking-up' | 'not-found' | 'failed';

/**
 * SPEC.md section 5: an empty address gets "Email Required" before anything is sent. The shared form
 * sends whatever is typed, so this catches its submit on the way down (capture phase) and stops it.
 */
function requireEmail(e: FormEvent<HTMLDivElement>) {
  const input = e.target instanceof HTMLFormElement ? e.target.elements.namedItem('loyalty-email') : null;
  if (!(input instanceof HTMLInputElement) || input.value.trim()) return;
  e.preventDefault();
  e.stopPropagation();
  toast({ title: 'Email Required', description: 'Please enter your email address.', variant: 'destructive' });
}

/**
 * The first screen: the address and the e-mailed code (an address alone proves nothing, DECISIONS.md
 * "Families' data"), then, for a proven address that is not a member, the invitation to join.
 */
export function EmailEntry({ step, email, onRetry }: { step: EntryStep; email: string | null; onRetry: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-3">
        <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Mail aria-hidden className="h-6 w-6 text-brand-700" />
          Find Your Account
        </h2>
        <div className="mt-4">
          {step === 'ask' || !email ? (
            <div onSubmitCapture={requireEmail}>
              <ConfirmEmailForm idPrefix="loyalty" sendLabel="Access My Account" />
            </div>
          ) : (
            <div className="space-y-4">
              <FamilySessionBar email={email} />
              {step === 'looking-up' ? (
                <Spinner label="Looking up your points..." className="justify-start py-1" />
              ) : step === 'not-found' ? (
                <NotAMember email={email} />
              ) : (
                <div className="space-y-3">
                  <p className="text-slate-800">We could not look up your points just now.</p>
                  <button type="button" className={primaryButton} onClick={onRetry}>
                    Try again
                  </button>
                </div>
              )}
            </div>
          )}
        </div>
        <p className="mt-5 text-slate-700">
          New here? You join automatically when you make your first booking. It is free, and you get{' '}
          {loyaltyProgramme.welcomeBonus} welcome points.
        </p>
        <Link to="/" className={`${secondaryButton} mt-4`}>
          Return to Home
        </Link>
      </Card>
      <HowItWorks />
    </div>
  );
}

/** Shown only once the address is proven: before that, nobody learns whether it belongs to a member. */
function NotAMember({ email }: { email: string }) {
  return (
    <div role="status" className="rounded-2xl border-2 border-sun-400 bg-sun-300/20 p-4">
      <p className="font-semibold break-words text-slate-900">We could not find a member with {email}.</p>
      <p className="mt-1 text-slate-800">
        Membership is free: you join automatically, with a {loyaltyProgramme.welcomeBonus}-point welcome bonus, when you
        make your first booking with this email.
      </p>
      <Link to="/booking" className={`${primaryButton} mt-3`}>
        Book &amp; Join
      </Link>
    </div>
  );
}

function HowItWorks() {
  const lp = loyaltyProgramme;
  return (
    <Card className="lg:col-span-2">
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Gift aria-hidden className="h-5 w-5 text-brand-700" />
        How It Works
      </h2>
      <ul className="mt-3 space-y-2 text-slate-800">
        <li>{lp.pointsPerPound} point for every £1 you spend on bookings</li>
        <li>Points for achievements: first visit, five visits, first party</li>
        <li>Swap points for drinks, discounts and free sessions</li>
      </ul>
      <h3 className="mt-4 font-semibold text-slate-900">Levels</h3>
      <ul className="mt-2 grid grid-cols-2 gap-2 text-sm">
        {lp.tiers.map((t) => (
          <li key={t.id} className="rounded-xl bg-brand-50 p-2 text-slate-800">
            <span className="block font-bold text-slate-900">{t.name}</span>
            {t.threshold === 0 ? 'from 0' : `${formatCount(t.threshold)}+`} points
          </li>
        ))}
      </ul>
    </Card>
  );
}
