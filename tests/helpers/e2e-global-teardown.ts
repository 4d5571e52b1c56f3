// Removes the end-to-end run's throw-away data directory.
import fs from 'node:fs/promises'

export default async function teardown() {
  if (process.env.E2E_DATA_DIR) await fs.rm(process.env.E2E_DATA_DIR, { recursive: true, force: true })
}
