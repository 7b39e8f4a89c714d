import { Gift, Mail } from 'lucide-react';
import { type FormEvent } from 'react';
import { Link } from 'react-router';
import { loyaltyProgramme } from '../../../../shared/venue';
import {
  Card,
  FieldError,
  primaryButton,
  secondaryButton,
  Spinner,
  textInput,
} from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';

// The shared schema (and zod with it) loads once the family starts typing, not on first paint.
const loadSchema = () => import('../../../../shared/contracts/loyalty');

/** The first screen: an address, "Access My Account", and how membership starts. */
export function EmailEntry({
  pending,
  serverError,
  notFound,
  onSubmit,
}: {
  pending: boolean;
  serverError?: string;
  notFound: string | null;
  onSubmit: (email: string) => void;
}) {
  const { values, errors, set, check, setErrors } = useZodForm({ email: '' });
  const shown = errors.email ?? serverError;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.email.trim()) {
      toast({ title: 'Email Required', description: 'Please enter your email address.', variant: 'destructive' });
      setErrors({});
      return;
    }
    const { loyaltyLookupFormSchema } = await loadSchema();
    const parsed = check(loyaltyLookupFormSchema);
    if (!parsed.ok) return;
    onSubmit(parsed.data.email);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-3">
        <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Mail aria-hidden className="h-6 w-6 text-brand-700" />
          Find Your Account
        </h2>
        <form noValidate className="mt-4 space-y-4" onSubmit={(e) => void submit(e)}>
          <div>
            <label htmlFor="loyalty-email" className="block font-semibold text-slate-900">
              Email Address
            </label>
            <input
              id="loyalty-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              onFocus={() => void loadSchema()}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? 'loyalty-email-error' : undefined}
              className={`${textInput} mt-1`}
            />
            <FieldError id="loyalty-email-error" message={shown} />
          </div>
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={pending}>
            {pending ? (
              <Spinner label="Looking up your points..." className="py-0 text-white [&_svg]:text-white" />
            ) : (
              'Access My Account'
            )}
          </button>
        </form>
        {notFound ? (
          <div role="status" className="mt-5 rounded-2xl border-2 border-sun-400 bg-sun-300/20 p-4">
            <p className="font-semibold text-slate-900">We could not find a member with {notFound}.</p>
            <p className="mt-1 text-slate-800">
              Membership is free: you join automatically, with a {loyaltyProgramme.welcomeBonus}-point welcome bonus,
              when you make your first booking with this email.
            </p>
            <Link to="/booking" className={`${primaryButton} mt-3`}>
              Book &amp; Join
            </Link>
          </div>
        ) : null}
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
            {t.threshold === 0 ? 'from 0' : `${t.threshold.toLocaleString('en-GB')}+`} points
          </li>
        ))}
      </ul>
    </Card>
  );
}
