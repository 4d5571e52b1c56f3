// GET /api/user: the signed-in account with its role and what it may do. Screens render their
// actions from `permissions` (the server's rules, src/server/auth/access.ts), never from the role.
'use client'
import { useQuery } from '@tanstack/react-query'
import type { CurrentUser } from './types'
import { getJson } from './client'
import { queryKeys } from './query-keys'

export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: () => getJson<CurrentUser>('/api/user'), staleTime: 60_000 })
}
