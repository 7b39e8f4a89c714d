/**
 * wouter imports useSyncExternalStore from the use-sync-external-store shim (for React 16 and 17); React 19 has
 * it built in, so vite.config.ts points the shim here and the shim's 0.4 KB stays out of every page.
 */
export { useSyncExternalStore } from 'react';
