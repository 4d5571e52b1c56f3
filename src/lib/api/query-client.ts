// TanStack Query with the spec's defaults (§7): never stale, no refetch on focus,
// no polling unless a query asks for it, no retries for queries or mutations.
import { QueryClient } from '@tanstack/react-query'

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  })
}
