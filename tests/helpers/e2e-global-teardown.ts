// Removes the end-to-end run's throw-away data directory, once the run's process exits: Playwright
// runs a global teardown before it stops the web server, and a directory removed under the running
// server (its database's files with it) failed the server's last jobs, a backup among them, with
// errors in the run's log. Retries on ENOTEMPTY/EBUSY.
import fs from 'node:fs'

export default function teardown() {
  const dir = process.env.E2E_DATA_DIR
  if (dir) process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 }))
}
