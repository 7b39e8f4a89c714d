import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The form brings zod and the shared schema: loaded only as the visitor nears the contact section,
// so the first load of / stays within its 100 KB budget.
const ContactForm = lazy(() => import('./contact-form'));

const shell = 'mx-auto max-w-3xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8';

export function LazyContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (very old browsers), load the form straight away.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '800px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  return (
    <div ref={ref} className={shell}>
      <h3 className="text-2xl font-extrabold text-slate-900">Send Us a Message</h3>
      <p className="mt-1 text-slate-700">We usually reply within a day. Fields marked * are required.</p>
      {near ? (
        <Suspense fallback={<FormSkeleton />}>
          <ContactForm />
        </Suspense>
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}

/** Same footprint as the form, so nothing jumps when it arrives. */
function FormSkeleton() {
  return (
    <div role="status" className="mt-6 grid gap-5">
      <span className="sr-only">Loading the contact form...</span>
      <div aria-hidden className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-2">
            <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
            <div className="h-12 animate-pulse rounded-xl bg-slate-100" />
          </div>
        ))}
      </div>
      <div aria-hidden className="grid gap-2">
        <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
        <div className="h-28 animate-pulse rounded-xl bg-slate-100" />
      </div>
      <div aria-hidden className="h-12 w-40 max-w-full animate-pulse rounded-full bg-slate-200" />
    </div>
  );
}
