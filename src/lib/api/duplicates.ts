// The Duplicate Detection dialog's calls (spec §7): GET /api/duplicates, POST
// /api/duplicates/scan (followed as a run, runs.ts, for a longer scan's real progress) and
// DELETE /api/media-files/{id}?keep={id} for each file picked.
'use client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { runPercent } from '../run-progress'
import type { CarriedField } from '../schemas/duplicates'
import { apiRequest, getJson } from './client'
import { followRun } from './runs'
import { refreshGallery } from './admin-reads'
import { queryKeys } from './query-keys'
import type { DuplicateGroup } from './types'

export const getDuplicateGroups = () => getJson<DuplicateGroup[]>('/api/duplicates')

export const useDuplicateGroups = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.duplicates.groups(), queryFn: getDuplicateGroups, enabled })

/**
 * Runs a scan and follows its real progress (spec §4: idle → scanning → done; 100 on
 * completion, reset after 1 s). Resolves with the number of groups found.
 */
export function useDuplicateScan() {
  const queryClient = useQueryClient()
  const [state, setState] = useState<'idle' | 'scanning' | 'done'>('idle')
  const [progress, setProgress] = useState(0)
  const running = useRef(false)

  const scan = useCallback(async (): Promise<number> => {
    if (running.current) throw new Error('A scan is already running')
    running.current = true
    setState('scanning')
    setProgress(0)
    try {
      const ended = await followRun<{ duplicateGroups?: number }>(queryClient, {
        kind: 'duplicates',
        start: () => apiRequest('POST', '/api/duplicates/scan'),
        onProgress: (run) => setProgress(runPercent(run)),
      })
      const groups = ended.duplicateGroups
      setProgress(100)
      setState('done')
      await queryClient.invalidateQueries({ queryKey: queryKeys.duplicates.all })
      setTimeout(() => setProgress(0), 1000)
      return typeof groups === 'number' ? groups : 0
    } catch (error) {
      setState('idle')
      setProgress(0)
      throw error
    } finally {
      running.current = false
    }
  }, [queryClient])

  return { scan, state, progress }
}

export type DuplicateDeletion = { id: string; keepId: string | null }
export type DeletedDuplicate = { id: string; keptId?: string; carried: CarriedField[] }

/** Deletes the picked files one by one (each keeping its group's best remaining file); refreshes the lists. */
export function useDeleteDuplicates() {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const remove = useCallback(
    async (deletions: DuplicateDeletion[]): Promise<DeletedDuplicate[]> => {
      setPending(true)
      const done: DeletedDuplicate[] = []
      try {
        for (const { id, keepId } of deletions) {
          const query = keepId ? `?keep=${encodeURIComponent(keepId)}` : ''
          done.push((await (await apiRequest('DELETE', `/api/media-files/${encodeURIComponent(id)}${query}`)).json()) as DeletedDuplicate)
        }
        return done
      } finally {
        setPending(false)
        await Promise.all([refreshGallery(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.duplicates.all })])
      }
    },
    [queryClient],
  )
  return { remove, pending }
}
