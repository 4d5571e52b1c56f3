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

/** Create and restore are runs, followed to their end (runs.ts): one answer either way, a failure thrown as the POST's would be. */
export const createBackup = (queryClient: QueryClient) =>
  followRun<{ backupFile: string }>(queryClient, { kind: 'backup', start: () => apiRequest('POST', '/api/backup/create') })

/** Restores the latest backup, or the kept backup named. */
export const restoreBackup = (queryClient: QueryClient, backupId?: string) =>
  followRun<{ message: string }>(queryClient, {
    kind: 'restore',
    start: () => apiRequest('POST', '/api/backup/restore', backupId ? { backupId } : undefined),
  })

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
