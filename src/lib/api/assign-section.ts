// PUT /api/media-files/{id}/section (spec §7): section (id or null) and isHidden; from the
// bulk dialog's individual list also the room. Refreshes media files and sections.
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { HIDDEN_SECTION_ID } from '../constants'
import type { MediaFile } from './types'
import { apiRequest } from './client'
import { refreshGallery } from './admin-reads'

export type SectionAssignment = { id: string; section: string; room?: string | null }

/** Spec §4: hidden → section null + isHidden 'true'; a real section → that section + 'false'. */
export async function assignSection({ id, section, room }: SectionAssignment): Promise<MediaFile> {
  const hidden = section === HIDDEN_SECTION_ID
  const body: Record<string, unknown> = { section: hidden ? null : section, isHidden: hidden ? 'true' : 'false' }
  if (room !== undefined) body.room = room
  return (await apiRequest('PUT', `/api/media-files/${encodeURIComponent(id)}/section`, body)).json() as Promise<MediaFile>
}

export function useAssignSection() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: assignSection, onSuccess: () => refreshGallery(queryClient) })
}
