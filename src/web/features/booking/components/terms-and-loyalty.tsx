import { ScrollText, Star } from 'lucide-react';
import { loyaltyProgramme } from '../../../../shared/venue';
import { useCatalogue } from '../../../app/catalogue';
import { FieldError } from '../../../components/ui/primitives';

/** SPEC.md section 9 "Terms shown": the same house rules as at check-in, the catalogue's. */
export function TermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
}) {
  const { visitTerms } = useCatalogue().visitRules;
  return (
    <section aria-labelledby="terms-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
      <h3 id="terms-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <ScrollText aria-hidden className="h-5 w-5 text-brand-700" />
        Terms and Conditions
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
        {visitTerms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3">
        <input
          id="agreeToTerms"
          type="checkbox"
          name="agreeToTerms"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agreeToTerms-error' : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <span className="font-medium text-slate-900">I agree to the terms and conditions</span>
      </label>
      <FieldError id="agreeToTerms-error" message={error} />
    </section>
  );
}

/** Loyalty opt-in (SPEC.md section 4: defaults to on); membership is free and automatic. */
export function LoyaltyOptInCard({
  checked,
  onChange,
  points,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  points: number;
}) {
  return (
    <section aria-labelledby="loyalty-title" className="rounded-2xl border-2 border-sun-400 bg-sun-300/20 p-4">
      <h3 id="loyalty-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Star aria-hidden className="h-5 w-5 text-amber-700" />
        Play Time Rewards
      </h3>
      <label className="mt-2 flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <span className="text-slate-900">
          <span className="font-medium">Join our free loyalty programme and earn points</span>
          <span className="block text-sm text-slate-700">
            Earn {points} points with this booking, plus a {loyaltyProgramme.welcomeBonus}-point welcome bonus when you
            join. {loyaltyProgramme.pointsPerPound} point per £1 spent.
          </span>
        </span>
      </label>
    </section>
  );
}
