// A photo's non-destructive edits (GET/PUT/DELETE /api/media-files/{id}/edits). Saving answers
// the record with its renditions still the earlier version's (`editStatus: 'applying'`): the
// list polls until they are made again (admin-reads.ts isProcessing).
'use client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EditList, Operation } from '../edits'
import { refreshGallery } from './admin-reads'
import { apiRequest, getJson } from './client'
import { queryKeys } from './query-keys'
import type { MediaFile } from './types'

const editsPath = (id: string) => `/api/media-files/${encodeURIComponent(id)}/edits`

export const usePhotoEdits = (id: string) =>
  useQuery({ queryKey: queryKeys.mediaFiles.edits(id), queryFn: () => getJson<EditList>(editsPath(id)), staleTime: 0 })

export type EditSave = { id: string; baseVersion: number; operations: Operation[] }

export function useSavePhotoEdits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, baseVersion, operations }: EditSave) =>
      (await apiRequest('PUT', editsPath(id), { baseVersion, operations })).json() as Promise<MediaFile>,
    // The list and this photo's edits (under mediaFiles.all) are read again, saved or refused.
    onSettled: () => refreshGallery(queryClient),
  })
}

/**
 * Applies a suggested edit (a quality code's fix): added after the photo's saved edits, since it
 * was found on the photo as they show it.
 */
export function useApplySuggestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, operation }: { id: string; operation: Operation }) => {
      const saved = await getJson<EditList>(editsPath(id))
      return (await apiRequest('PUT', editsPath(id), { baseVersion: saved.version, operations: [...saved.operations, operation] })).json() as Promise<MediaFile>
    },
    onSettled: () => refreshGallery(queryClient),
  })
}

export function useRevertPhotoEdits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest('DELETE', editsPath(id))).json() as Promise<MediaFile>,
    onSettled: () => refreshGallery(queryClient),
  })
}
