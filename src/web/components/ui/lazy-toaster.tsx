import { lazy, Suspense, useState } from 'react';
import { useCurrentToast } from './toast-store';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the Radix toaster once a toast has been asked for (then keeps it), out of the first load. */
export function LazyToaster() {
  const t = useCurrentToast();
  const [wanted, setWanted] = useState(false);
  if (t && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
