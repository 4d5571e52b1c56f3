// The backup task, on the backup queue: the 30-minute and upload backups (queued by
// src/server/backup/schedule.ts, input { kind }: a re-run after a crash simply makes a new
// backup; the interrupted one is cleared by it), and the manager's Create Backup and Restore
// (queued by src/server/backup/runs.ts, input { runId }: idempotent, see there).
import type { TaskConfig } from 'payload'
import { createBackup } from '../src/server/backup/create-backup'
import { BACKUP_KINDS, type BackupKind } from '../src/server/backup/format'
import { executeRun } from '../src/server/backup/runs'
import { BACKUP_TASK } from '../src/server/backup/schedule'
import { checkpointsOf } from '../src/server/checkpoints'
import { poolOf } from '../src/server/db/pool'

export const backupTask: TaskConfig<any> = {
  slug: BACKUP_TASK,
  label: 'Back up the gallery',
  inputSchema: [
    { name: 'kind', type: 'text' },
    { name: 'runId', type: 'text' },
  ],
  retries: 1,
  handler: async ({ input, req }) => {
    if (input.runId) {
      await executeRun({
        pool: poolOf(req.payload),
        runId: String(input.runId),
        log: (msg, err) => req.payload.logger.warn({ err, msg }),
        checkpoints: checkpointsOf(req.payload),
      })
      return { output: {} }
    }
    const kind = (BACKUP_KINDS as readonly string[]).includes(String(input.kind)) ? (String(input.kind) as BackupKind) : 'auto'
    const backup = await createBackup({
      pool: poolOf(req.payload),
      kind,
      log: (msg, err) => req.payload.logger.warn({ err, msg }),
      checkpoints: checkpointsOf(req.payload),
    })
    return { output: { file: backup.file } }
  },
}
