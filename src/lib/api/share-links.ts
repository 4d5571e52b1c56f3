// The share links of the property Media Gallery Pro acts on: GET /api/share-links (the live
// ones), POST /api/share-links (a new one), DELETE /api/share-links/{id} (revoke).
'use client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateShareLinkInput } from '../schemas/share-links'
import { apiRequest, getJson } from './client'
import { queryKeys } from './query-keys'
import type { LiveShareLink } from './types'

export type { LiveShareLink }

export type MadeShareLink = { id: string; url: string; expiresAt: string }

export const useShareLinks = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.shareLinks.all, queryFn: () => getJson<LiveShareLink[]>('/api/share-links'), enabled })

export function useCreateShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateShareLinkInput) => (await (await apiRequest('POST', '/api/share-links', input)).json()) as MadeShareLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks.all }),
  })
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/share-links/${id}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks.all }),
  })
}
