// A backup or restore in a process of its own, for the kill -9 tests: it prints
// "PAUSED <step>" when it reaches the step it was told to stop at and then waits there,
// so the test can kill it at exactly that point. Uses the same environment as the tests.
//   tsx tests/helpers/backup-child.ts backup <step>
//   tsx tests/helpers/backup-child.ts restore <step> [backupId]
//   tsx tests/helpers/backup-child.ts run <step> <runId>   (claims the run's job as a worker would, then runs it)
import pg from 'pg'
import { createBackup } from '../../src/server/backup/create-backup'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { executeRun } from '../../src/server/backup/runs'
import type { Checkpoints } from '../../src/server/checkpoints'
import { propertyScope } from '../../src/server/db/property-db'

const [operation, pauseAt, backupId] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 })
// The default property's: the suites that kill this process work on it.
const scope = propertyScope((await pool.query(`SELECT id::text AS id, slug FROM properties WHERE is_default`)).rows[0])
const checkpoints: Checkpoints = {
  async reached(step) {
    if (step !== pauseAt) return
    process.stdout.write(`PAUSED ${step}\n`)
    await new Promise(() => undefined)
  },
}

if (operation === 'backup') await createBackup({ pool, scope, kind: 'manual', checkpoints })
else if (operation === 'run') {
  await pool.query(`UPDATE payload_jobs SET processing = true, updated_at = now() WHERE input->>'runId' = $1`, [backupId])
  await executeRun({ pool, runId: backupId, checkpoints })
} else await restoreBackup({ pool, scope, backupId, checkpoints })
process.stdout.write('DONE\n')
await pool.end()
