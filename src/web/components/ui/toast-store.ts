import { useSyncExternalStore } from 'react';

export type ToastMessage = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };

// One toast at a time (SPEC.md section 8): a new one replaces the current one.
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast. Tiny on purpose: the Radix toaster itself loads only when the first toast fires. */
export function toast(t: Omit<ToastMessage, 'id'>): void {
  current = { ...t, id: nextId++ };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
