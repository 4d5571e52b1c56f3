// PUT /api/sections/{sectionId}/reorder (spec §7): the section's media ids in their new order.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from './client'
import { refreshGallery } from './admin-reads'

export async function reorderSection({ sectionId, mediaIds }: { sectionId: string; mediaIds: string[] }) {
  try {
    await apiRequest('PUT', `/api/sections/${encodeURIComponent(sectionId)}/reorder`, { mediaIds })
  } catch (error) {
    throw new Error('Failed to reorder', { cause: error })
  }
}

export function useReorderSection() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: reorderSection, onSuccess: () => refreshGallery(queryClient) })
}
