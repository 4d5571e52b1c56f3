// The Duplicate Detection dialog's calls (spec §7): GET /api/duplicates, POST
// /api/duplicates/scan (with GET /api/duplicates/scan for a longer scan's real progress) and
// DELETE /api/media-files/{id}?keep={id} for each file picked.
'use client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { DUPLICATE_SCAN_POLL_MS } from '../constants'
import type { CarriedField } from '../schemas/duplicates'
import { apiRequest, getJson } from './client'
import { refreshGallery } from './admin-reads'
import { queryKeys } from './query-keys'
import type { DuplicateGroup, DuplicateScanStatus } from './types'

export const getDuplicateGroups = () => getJson<DuplicateGroup[]>('/api/duplicates')

export const useDuplicateGroups = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.duplicates.groups(), queryFn: getDuplicateGroups, enabled })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
    let finished = false
    // While the POST waits for the scan, the scan's own counters drive the bar.
    const follow = (async () => {
      while (!finished) {
        await sleep(DUPLICATE_SCAN_POLL_MS)
        if (finished) return
        try {
          const status = (await (await apiRequest('GET', '/api/duplicates/scan')).json()) as DuplicateScanStatus
          if (status.status === 'running' && !finished) setProgress(status.progress)
        } catch {
          // A missed poll only delays the bar.
        }
      }
    })()
    try {
      const response = await apiRequest('POST', '/api/duplicates/scan')
      let status = (await response.json()) as DuplicateScanStatus
      // Longer than the server waits: follow the scan until it ends.
      while (status.status === 'running') {
        setProgress(status.progress)
        await sleep(DUPLICATE_SCAN_POLL_MS)
        status = (await (await apiRequest('GET', '/api/duplicates/scan')).json()) as DuplicateScanStatus
      }
      if (status.status === 'failed') throw new Error(status.error ?? 'The scan failed')
      finished = true
      setProgress(100)
      setState('done')
      await queryClient.invalidateQueries({ queryKey: queryKeys.duplicates.all })
      setTimeout(() => setProgress(0), 1000)
      return status.duplicateGroups ?? 0
    } catch (error) {
      finished = true
      setState('idle')
      setProgress(0)
      throw error
    } finally {
      finished = true
      running.current = false
      await follow
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
