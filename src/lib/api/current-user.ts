// GET /api/user: the signed-in account with its role and what it may do. Screens render their
// actions from `permissions` (the server's rules, src/server/auth/access.ts), never from the role.
// useCurrentUser asks under the API base, so its permissions are the chosen property's;
// useAccount asks the bare path, for the properties to choose among and the bare paths' one.
'use client'
import { useQuery } from '@tanstack/react-query'
import type { CurrentUser } from './types'
import { getBareJson, getJson } from './client'
import { queryKeys } from './query-keys'

export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: () => getJson<CurrentUser>('/api/user'), staleTime: 60_000 })
}

export function useAccount() {
  return useQuery({ queryKey: queryKeys.account, queryFn: () => getBareJson<CurrentUser>('/api/user'), staleTime: 60_000 })
}
