// The Backup panel's calls (spec §7): GET /api/backup/status (polled every 30 s),
// POST /api/backup/create (backupFile; refreshes the status), POST /api/backup/restore
// (message; refreshes media files, stats and the status), both followed as runs (runs.ts)
// when they take longer than the server waits. Beyond the spec: the kept
// backups (GET /api/backups), restoring one of them, and a download link.
'use client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { BACKUP_STATUS_POLL_MS } from '../constants'
import { apiRequest, apiUrl } from './client'
import { followRun } from './runs'
import { queryKeys } from './query-keys'

export type BackupStatus = {
  databaseConnected: boolean
  backupSystemActive: boolean
  mediaFilesCount: number
  lastBackupTime: string | null
}

export type KeptBackup = {
  id: string
  file: string
  kind: 'auto' | 'upload' | 'manual' | 'restore-point' | 'final'
  createdAt: string
  mediaCount: number
  sectionCount: number
  objectCount: number
  bytes: number
}

export async function getBackupStatus(): Promise<BackupStatus> {
  try {
    return (await (await apiRequest('GET', '/api/backup/status')).json()) as BackupStatus
  } catch (error) {
    throw new Error('Failed to get backup status', { cause: error })
  }
}

export const getKeptBackups = async () => (await (await apiRequest('GET', '/api/backups')).json()) as KeptBackup[]

/**
 * Create and restore run as runs: the answer is the spec's payload when the run finished within
 * the server's wait, else 202 with its runId, followed until it ends (its failure throws, as the
 * POST's would), so the caller sees one answer either way.
 */
async function runToEnd<T>(queryClient: QueryClient, kind: 'backup' | 'restore', request: () => Promise<Response>): Promise<T> {
  const { answer, run } = await followRun(queryClient, {
    kind,
    start: async () => {
      const response = await request()
      return { running: response.status === 202, body: (await response.json()) as T & { runId?: string } }
    },
    runningId: ({ running, body }) => (running ? body.runId : null),
  })
  return (run ? run.result : answer.body) as T
}

export const createBackup = (queryClient: QueryClient) =>
  runToEnd<{ backupFile: string }>(queryClient, 'backup', () => apiRequest('POST', '/api/backup/create'))

/** Restores the latest backup, or the kept backup named. */
export const restoreBackup = (queryClient: QueryClient, backupId?: string) =>
  runToEnd<{ message: string }>(queryClient, 'restore', () => apiRequest('POST', '/api/backup/restore', backupId ? { backupId } : undefined))

export const backupDownloadUrl = (id: string) => apiUrl(`/api/backups/${encodeURIComponent(id)}/download`)

export const useBackupStatus = () =>
  useQuery({ queryKey: queryKeys.backup.status(), queryFn: getBackupStatus, refetchInterval: BACKUP_STATUS_POLL_MS })

export const useKeptBackups = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.backup.list(), queryFn: getKeptBackups, enabled })

const refreshBackups = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.backup.all })

export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => createBackup(queryClient), onSuccess: () => refreshBackups(queryClient) })
}

export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (backupId?: string) => restoreBackup(queryClient, backupId),
    // Spec §7: refreshes media files, stats and the backup status; sections follow the rows too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sections.all }),
        refreshBackups(queryClient),
      ]),
  })
}
