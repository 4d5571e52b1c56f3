// The reads the admin screen makes (spec §7): GET /api/sections (polled every 30 s),
// GET /api/media-files (every media file for a signed-in manager) and GET /api/media-files/stats.
// While any file is still being processed the list and the stats are re-read every few
// seconds (an answer costs a 304 when nothing changed), so cards turn ready or failed by themselves.
'use client'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { PROCESSING_POLL_MS, SECTIONS_POLL_MS } from '../constants'
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
/** True while a file of the list waits for, or is in, processing, or has saved edits whose renditions are being made. */
export const isProcessing = (files: readonly MediaFile[] | undefined) =>
  Boolean(files?.some((file) => file.status === 'pending' || file.status === 'processing' || file.editStatus === 'applying'))

export const useMediaFiles = () =>
  useQuery({
    queryKey: queryKeys.mediaFiles.list(),
    queryFn: getMediaFiles,
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  })

export const useStats = () => {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: queryKeys.mediaFiles.stats(),
    queryFn: getStats,
    // Size Reduced and the counts change as processing finishes: follow the list's polling.
    refetchInterval: () =>
      isProcessing(queryClient.getQueryData<MediaFile[]>(queryKeys.mediaFiles.list())) ? PROCESSING_POLL_MS : false,
  })
}

/** "Refreshes media files and sections" (spec §7): one place for every mutation. */
export async function refreshGallery(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sections.all }),
  ])
}
