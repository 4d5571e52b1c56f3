// One process's attempt at the scheduled work, for the several-instance suite: once connected it
// prints "READY", waits for the moment the suite then sends on its standard input (the same for
// every process, so several try at once), queues the 30-minute backup as the scheduler's cron
// does, and prints { queued }.
//   tsx tests/helpers/scheduled-child.ts        (environment: DATABASE_URL; stdin: "<epoch ms>")
import { once } from 'node:events'
import readline from 'node:readline'
import pg from 'pg'
import { enqueueAutoBackup } from '../../src/server/backup/schedule'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
await pool.query('SELECT 1')
const lines = readline.createInterface({ input: process.stdin })
const moment = once(lines, 'line')
process.stdout.write('READY\n')
const at = Number((await moment)[0])
lines.close()
await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
const queued = await enqueueAutoBackup(pool)
process.stdout.write(`${JSON.stringify({ queued })}\n`)
await pool.end()
