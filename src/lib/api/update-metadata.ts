// PUT /api/media-files/{id}/metadata (spec §7): tags, description and notes. Refreshes lists.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MediaFile } from './types'
import { apiRequest } from './client'
import { refreshGallery } from './admin-reads'

/** shownTags: the tags the dialog showed when it opened (analysis may add some meanwhile); description and notes only when changed. */
export type MetadataUpdate = { id: string; tags: string[]; shownTags: string[]; description?: string; notes?: string }

export async function updateMetadata({ id, ...body }: MetadataUpdate): Promise<MediaFile> {
  return (await apiRequest('PUT', `/api/media-files/${encodeURIComponent(id)}/metadata`, body)).json() as Promise<MediaFile>
}

export function useUpdateMetadata() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateMetadata, onSuccess: () => refreshGallery(queryClient) })
}
