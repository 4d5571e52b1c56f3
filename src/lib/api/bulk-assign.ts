// POST /api/sections/{sectionId}/bulk-assign (spec §7): mediaIds and room (trimmed, empty
// → null); answers message. One transaction on the server: every photo or none.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from './client'
import { refreshGallery } from './admin-reads'

export type BulkAssignment = { sectionId: string; mediaIds: string[]; room: string }

export async function bulkAssign({ sectionId, mediaIds, room }: BulkAssignment): Promise<{ message: string }> {
  const trimmed = room.trim()
  const response = await apiRequest('POST', `/api/sections/${encodeURIComponent(sectionId)}/bulk-assign`, {
    mediaIds,
    room: trimmed ? trimmed : null,
  })
  return (await response.json()) as { message: string }
}

export function useBulkAssign() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: bulkAssign, onSuccess: () => refreshGallery(queryClient) })
}
