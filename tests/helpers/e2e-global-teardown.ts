// Removes the end-to-end run's throw-away data directory. The server's last writes (a
// rendition finishing as it stops) can still land meanwhile: retry on ENOTEMPTY/EBUSY.
import fs from 'node:fs/promises'

export default async function teardown() {
  if (process.env.E2E_DATA_DIR)
    await fs.rm(process.env.E2E_DATA_DIR, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 })
}
