// The reads the admin screen makes (spec §7): GET /api/sections (polled every 30 s),
// GET /api/media-files (every media file for a signed-in manager) and GET /api/media-files/stats.
'use client'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { SECTIONS_POLL_MS } from '../constants'
import type { MediaFile, MediaStats, Section } from './types'
import { apiRequest } from './client'
import { queryKeys } from './query-keys'

/** A failed read throws the spec's message (§8 Thrown messages). */
async function read<T>(url: string, failure: string): Promise<T> {
  try {
    return (await (await apiRequest('GET', url)).json()) as T
  } catch (error) {
    throw new Error(failure, { cause: error })
  }
}

export const getSections = () => read<Section[]>('/api/sections', 'Failed to fetch sections')
export const getMediaFiles = () => read<MediaFile[]>('/api/media-files', 'Failed to fetch media files')
export const getStats = () => read<MediaStats>('/api/media-files/stats', 'Failed to fetch stats')

export const useSections = () =>
  useQuery({ queryKey: queryKeys.sections.list(), queryFn: getSections, refetchInterval: SECTIONS_POLL_MS })
export const useMediaFiles = () => useQuery({ queryKey: queryKeys.mediaFiles.list(), queryFn: getMediaFiles })
export const useStats = () => useQuery({ queryKey: queryKeys.mediaFiles.stats(), queryFn: getStats })

/** "Refreshes media files and sections" (spec §7): one place for every mutation. */
export async function refreshGallery(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sections.all }),
  ])
}
