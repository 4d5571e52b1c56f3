// One process's attempt at the scheduled work, for the several-instance suite: waits until
// the moment given (so several processes try at once), queues the 30-minute backup as the
// scheduler's cron does, and prints { queued }.
//   tsx tests/helpers/scheduled-child.ts <epoch ms>        (environment: DATABASE_URL)
import pg from 'pg'
import { enqueueAutoBackup } from '../../src/server/backup/schedule'

const at = Number(process.argv[2])
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
await pool.query('SELECT 1')
await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
const queued = await enqueueAutoBackup(pool)
process.stdout.write(`${JSON.stringify({ queued })}\n`)
await pool.end()
