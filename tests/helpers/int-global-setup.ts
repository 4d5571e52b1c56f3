// Integration tests run against a real Payload on a throw-away embedded PostgreSQL and
// embedded S3-compatible store: fresh directories and free ports for every run.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startMissingServices } from '../../src/server/embedded/services'

export default async function setup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-int-'))
  await fs.chmod(dataDir, 0o755)
  const services = await startMissingServices({ dataDir, env: {}, ephemeral: true })
  Object.assign(process.env, services.env, { PORT: '3000', SERVER_URL: '', NEXT_TELEMETRY_DISABLED: '1' })
  delete process.env.SERVER_URL
  return async () => {
    await services.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
