// The Backup panel's calls (spec §7): GET /api/backup/status (polled every 30 s),
// POST /api/backup/create (backupFile; refreshes the status), POST /api/backup/restore
// (message; refreshes media files, stats and the status). Beyond the spec: the kept
// backups (GET /api/backups), restoring one of them, and a download link.
'use client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { BACKUP_STATUS_POLL_MS } from '../constants'
import { apiRequest } from './client'
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
  kind: 'auto' | 'upload' | 'manual' | 'restore-point'
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

export const createBackup = async () =>
  (await (await apiRequest('POST', '/api/backup/create')).json()) as { backupFile: string }

/** Restores the latest backup, or the kept backup named. */
export const restoreBackup = async (backupId?: string) =>
  (await (await apiRequest('POST', '/api/backup/restore', backupId ? { backupId } : undefined)).json()) as {
    message: string
  }

export const backupDownloadUrl = (id: string) => `/api/backups/${encodeURIComponent(id)}/download`

export const useBackupStatus = () =>
  useQuery({ queryKey: queryKeys.backup.status(), queryFn: getBackupStatus, refetchInterval: BACKUP_STATUS_POLL_MS })

export const useKeptBackups = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.backup.list(), queryFn: getKeptBackups, enabled })

const refreshBackups = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.backup.all })

export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createBackup, onSuccess: () => refreshBackups(queryClient) })
}

export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreBackup,
    // Spec §7: refreshes media files, stats and the backup status; sections follow the rows too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sections.all }),
        refreshBackups(queryClient),
      ]),
  })
}
