// Listing readiness and export packs for the property Media Gallery Pro acts on:
// GET /api/listing-readiness?channel= (the rules' state), POST /api/exports (a pack, followed
// as a run until its download URL is there). Readiness follows the media list: any change of a
// photo (visibility, room, description) refreshes it with the list.
'use client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListingReadiness } from '../listing-readiness'
import type { Channel } from '../listing-rules'
import type { CoverCrop, Frame } from '../schemas/listing'
import { apiRequest, getJson } from './client'
import { queryKeys } from './query-keys'
import { followRun } from './runs'

export type ReadinessAnswer = ListingReadiness & {
  cover: { mediaId: string; crops: CoverCrop[] } | null
  choice: { mediaIds: string[] | null; coverId: string | null }
}

export const useListingReadiness = (channel: Channel, mediaVersion: unknown) =>
  useQuery({
    queryKey: [...queryKeys.listing.readiness(channel), mediaVersion],
    queryFn: () => getJson<ReadinessAnswer>(`/api/listing-readiness?channel=${channel}`),
  })

/** Starts a channel's pack and follows its run: resolves with the pack's download URL. */
export function useExportPack() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (channel: Channel) => {
      const { downloadUrl: url } = await followRun<{ downloadUrl?: string }>(queryClient, {
        kind: 'export',
        start: () => apiRequest('POST', '/api/exports', { channel }),
      })
      if (!url) throw new Error('The export finished without a download.')
      return url
    },
  })
}

/** PUT /api/listing-channels/{channel}/cover-crops: the manager's frame of one cover crop (null: the content-aware one). */
export function useSaveCoverCrop(channel: Channel) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: { mediaId: string; crops: Record<string, Frame | null> }) => {
      await apiRequest('PUT', `/api/listing-channels/${channel}/cover-crops`, body)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.listing.readiness(channel) }),
  })
}

/** PUT /api/listing-channels/{channel}: which photos go to the channel (null: every visible one) and its cover. */
export function useSaveChannelChoice(channel: Channel) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (choice: ReadinessAnswer['choice']) => {
      await apiRequest('PUT', `/api/listing-channels/${channel}`, choice)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.listing.readiness(channel) }),
  })
}
