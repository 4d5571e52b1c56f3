// The 360° toggle (camera issue, item 3): PUT /api/media-files/{id}/metadata with only
// `projection`, "equirectangular" for a 360° photo or null for a flat one. Refreshes lists.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MediaFile } from './types'
import { apiRequest } from './client'
import { refreshGallery } from './admin-reads'

export type ProjectionUpdate = { id: string; projection: MediaFile['projection'] }

export async function setProjection({ id, projection }: ProjectionUpdate): Promise<MediaFile> {
  return (
    await apiRequest('PUT', `/api/media-files/${encodeURIComponent(id)}/metadata`, { projection })
  ).json() as Promise<MediaFile>
}

export function useSetProjection() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setProjection, onSuccess: () => refreshGallery(queryClient) })
}
