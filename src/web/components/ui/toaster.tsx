import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { dismissToast, useCurrentToast } from './toast-store';
import { Tooltip } from './tooltip';

/** Radix Toast with the spec's behaviour: 5 s, swipe right past 50 px, F8 focuses the region. */
export default function Toaster() {
  const t = useCurrentToast();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {t && (
        <Toast.Root
          key={t.id}
          defaultOpen
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <div className="absolute top-2 right-2">
            <Tooltip label="Close" align="end">
              <Toast.Close aria-label="Close" className="rounded-full p-2 hover:bg-black/10">
                <X aria-hidden className="h-4 w-4" />
              </Toast.Close>
            </Tooltip>
          </div>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
