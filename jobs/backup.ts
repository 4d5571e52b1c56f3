// The backup task: made by the 30-minute schedule and after upload batches (queued on
// the backup queue by src/server/backup/schedule.ts). A re-run after a crash simply makes
// a new backup; the interrupted one is cleared by it.
import type { TaskConfig } from 'payload'
import { createBackup } from '../src/server/backup/create-backup'
import { BACKUP_KINDS, type BackupKind } from '../src/server/backup/format'
import { BACKUP_TASK } from '../src/server/backup/schedule'
import { poolOf } from '../src/server/db/pool'

export const backupTask: TaskConfig<any> = {
  slug: BACKUP_TASK,
  label: 'Back up the gallery',
  inputSchema: [{ name: 'kind', type: 'text', required: true }],
  retries: 1,
  handler: async ({ input, req }) => {
    const kind = (BACKUP_KINDS as readonly string[]).includes(String(input.kind)) ? (String(input.kind) as BackupKind) : 'auto'
    const backup = await createBackup({
      pool: poolOf(req.payload),
      kind,
      log: (msg, err) => req.payload.logger.warn({ err, msg }),
    })
    return { output: { file: backup.file } }
  },
}
