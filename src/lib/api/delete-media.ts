// DELETE /api/media-files/{id} (spec §7): removes a media record; the server moves its
// objects under trash/. Deleting several runs the calls a few at a time and reports how
// many went, so a failure part-way tells the manager exactly what is left.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import pLimit from 'p-limit'
import { refreshGallery } from './admin-reads'
import { apiRequest } from './client'

/** At most this many deletions in flight at once. */
const PARALLEL_DELETES = 4

export async function deleteMediaFile(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', `/api/media-files/${encodeURIComponent(id)}`)
  } catch (error) {
    throw new Error('Failed to delete media file', { cause: error })
  }
}

export type DeleteResult = { deleted: string[]; failed: string[] }

export async function deleteMediaFiles(ids: readonly string[]): Promise<DeleteResult> {
  const limit = pLimit(PARALLEL_DELETES)
  const outcomes = await Promise.allSettled(ids.map((id) => limit(() => deleteMediaFile(id))))
  const result: DeleteResult = { deleted: [], failed: [] }
  outcomes.forEach((outcome, index) => (outcome.status === 'fulfilled' ? result.deleted : result.failed).push(ids[index]))
  return result
}

/** Deletes the given media files, then refreshes media files and sections (whatever the outcome). */
export function useDeleteMediaFiles() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteMediaFiles, onSettled: () => refreshGallery(queryClient) })
}
