// The backup task, on the backup queue: the 30-minute and upload backups (queued by
// src/server/backup/schedule.ts, input { kind, propertyId }: a re-run after a crash simply
// makes a new backup of that property; the interrupted one is cleared by it), and the
// manager's Create Backup and Restore (queued by src/server/backup/runs.ts, input { runId }:
// idempotent, and of the run's property, see there).
import type { TaskConfig } from 'payload'
import { createBackup } from '../src/server/backup/create-backup'
import { BACKUP_KINDS, type BackupKind } from '../src/server/backup/format'
import { executeRun } from '../src/server/backup/runs'
import { BACKUP_TASK } from '../src/server/backup/schedule'
import { checkpointsOf } from '../src/server/checkpoints'
import { poolOf } from '../src/server/db/pool'
import { defaultPropertyScope, propertyScopeById } from '../src/server/properties/default-property'

export const backupTask: TaskConfig<any> = {
  slug: BACKUP_TASK,
  label: 'Back up the gallery',
  inputSchema: [
    { name: 'kind', type: 'text' },
    { name: 'runId', type: 'text' },
    { name: 'propertyId', type: 'text' },
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
    // A job queued before backups named their property is the default property's.
    const scope = input.propertyId ? await propertyScopeById(req.payload, String(input.propertyId)) : await defaultPropertyScope(req.payload)
    // The property was removed since: nothing of it is left to back up.
    if (!scope) return { output: { skipped: 'The property no longer exists.' } }
    const backup = await createBackup({
      pool: poolOf(req.payload),
      scope,
      kind,
      log: (msg, err) => req.payload.logger.warn({ err, msg }),
      checkpoints: checkpointsOf(req.payload),
    })
    return { output: { file: backup.file } }
  },
}
