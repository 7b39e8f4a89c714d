import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from './router';

// SPEC.md section 4: no refetch on focus, no retries, data fresh unless a query says otherwise,
// unused results kept 5 minutes. One client for the whole visit (module scope).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity, gcTime: 5 * 60_000 },
    mutations: { retry: false },
  },
});

/** Wraps the pages that fetch with TanStack Query; loaded with the first such page. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
