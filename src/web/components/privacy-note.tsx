import { Link } from '../app/router';

/** The line above the submit button of every form that asks for personal details: where to read how they are used. */
export function PrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      How we use your details:{' '}
      <Link to="/privacy" className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2">
        Privacy notice
      </Link>
    </p>
  );
}
