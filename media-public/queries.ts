// The public site's reads (spec §7), as TanStack Query hooks. Each page's first view comes
// from the server (initialData, the same public read model the API answers from); after
// that the sections list is polled every 30 s, and when it changes the other lists refresh.
// Every read is made under the page's base path (site-base.tsx): the property the page is of.
'use client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { getBareJson } from '@/lib/api/client'
import { queryKeys } from '@/lib/api/query-keys'
import type { MediaFile, Section, SectionPreview } from '@/lib/api/types'
import type { PublicMediaFile } from '@/lib/public-media'
import { SECTIONS_POLL_MS } from '@/lib/constants'
import { selectTour } from '@/lib/tour'
import { useSiteHref } from './site-base'

/** The Start Tour list, derived from the visible images (under media-files, so it refreshes with them). */
export const tourQueryKey = [...queryKeys.mediaFiles.all, 'tour'] as const

async function read<T>(url: string, failure: string): Promise<T> {
  try {
    return await getBareJson<T>(url)
  } catch (error) {
    throw new Error(failure, { cause: error })
  }
}

export function useSections(initialData?: Section[]) {
  const queryClient = useQueryClient()
  const href = useSiteHref()
  const query = useQuery({
    queryKey: queryKeys.sections.list(),
    queryFn: () => read<Section[]>(href('/api/sections'), 'Failed to fetch sections'),
    initialData,
    refetchInterval: SECTIONS_POLL_MS,
  })
  // A change in the polled sections means media changed: refresh the lists shown.
  const seen = useRef(query.data)
  useEffect(() => {
    if (!query.data || seen.current === query.data) return
    const changed = JSON.stringify(seen.current) !== JSON.stringify(query.data)
    seen.current = query.data
    if (!changed) return
    void queryClient.invalidateQueries({ queryKey: ['sections', 'preview'] })
    void queryClient.invalidateQueries({ queryKey: ['sections', 'media'] })
    void queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.all })
  }, [query.data, queryClient])
  return query
}

export function useMediaFiles(initialData?: PublicMediaFile[], type?: 'image' | 'video') {
  const href = useSiteHref()
  return useQuery({
    queryKey: queryKeys.mediaFiles.list(type ? { type } : {}),
    queryFn: () => read<PublicMediaFile[]>(href(`/api/media-files${type ? `?type=${type}` : ''}`), 'Failed to fetch media files'),
    initialData,
  })
}

export function useSectionMedia(sectionId: string, initialData?: PublicMediaFile[]) {
  const href = useSiteHref()
  return useQuery({
    queryKey: queryKeys.sections.media(sectionId),
    queryFn: () => read<PublicMediaFile[]>(href(`/api/sections/${encodeURIComponent(sectionId)}/media`), 'Failed to fetch section media'),
    initialData,
  })
}

export function useSectionPreview(sectionId: string, initialData?: SectionPreview<PublicMediaFile>) {
  const href = useSiteHref()
  return useQuery({
    queryKey: queryKeys.sections.preview(sectionId),
    queryFn: () =>
      read<SectionPreview>(href(`/api/sections/${encodeURIComponent(sectionId)}/preview`), 'Failed to fetch section preview'),
    initialData,
  })
}

/** The Start Tour list: fetched when first asked for (the overview's first view does not carry it). */
export function useTourQuery() {
  const href = useSiteHref()
  return {
    queryKey: tourQueryKey,
    queryFn: async () => selectTour(await read<MediaFile[]>(href('/api/media-files?type=image'), 'Failed to fetch media files')),
  }
}
