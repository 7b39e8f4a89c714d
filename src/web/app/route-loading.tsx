/** Shown while a page's code loads: a spinner with text (DECISIONS.md: every wait shows progress). */
export function RouteLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600">
      <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      Loading...
    </div>
  );
}
