import { Link } from './router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 px-6 text-center">
      <p aria-hidden className="text-7xl">
        🧸
      </p>
      <h1 className="text-4xl font-bold text-brand-800">Page Not Found</h1>
      <p className="max-w-md text-lg text-slate-700">
        Oops! This page has wandered off to play somewhere else. Let&apos;s get you back to the fun.
      </p>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </main>
  );
}
