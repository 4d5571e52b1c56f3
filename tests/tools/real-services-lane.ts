// The lane on real services: what talks to the object store and the database most directly runs
// again on the services production uses, Ceph's RADOS Gateway and PostgreSQL as a server of its
// own, both from Debian's packages (tests/helpers/real-services.ts), installed first when they are
// missing (tests/tools/provision-services.ts). Two parts, one per lane of `npm test`:
//   int  the integration suites below (before the build: each starts its own services);
//   e2e  on the production build: the upload end-to-end tests in Chromium (POST form and CORS,
//        parts, resume, abort), then the deploy recipe's shape (tests/deploy/).
// Arguments after the part go to its runner (`npm run test:real-services -- int -t "range"`).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startRealServices } from '../helpers/real-services'
import { runCommand } from '../helpers/run-command'

/** The integration suites of the lane: the store's own calls, uploads (POST policy, parts), backup and restore, delivery (ranges). */
const INT_SUITES = [
  'tests/int/storage.int.spec.ts',
  'tests/int/upload.int.spec.ts',
  'tests/int/uploader.int.spec.ts',
  'tests/int/backup.int.spec.ts',
  'tests/int/public-copies.int.spec.ts',
]

/** The end-to-end suites of the lane: a browser uploading straight to the gateway. */
const E2E_SUITES = ['tests/e2e/upload.e2e.spec.ts', 'tests/e2e/upload-control.e2e.spec.ts']

const E2E_PORT = 3260

async function endToEnd(extra: string[]): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-real-e2e-'))
  const origin = `http://127.0.0.1:${E2E_PORT}`
  const services = await startRealServices(dir, { origins: [origin] })
  console.log(`End-to-end upload tests on ${services.versions.radosgw} and ${services.versions.postgres}`)
  try {
    // --no-deps: the sign-in tests (a project the others depend on) ran in the main end-to-end run;
    // the upload tests' own helper makes the first account.
    const e2e = await runCommand(['playwright', 'test', '--no-deps', ...E2E_SUITES, ...extra], { ...services.env, E2E_PORT: String(E2E_PORT) })
    if (e2e !== 0) return e2e
    // The deploy test on a database and a bucket of its own, on the same servers.
    return await runCommand(['vitest', 'run', '--project', 'deploy'], { REAL_SERVICES_ENV: JSON.stringify(await services.another('deploy')) })
  } finally {
    await services.stop()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

async function main([part, ...extra]: string[]): Promise<number> {
  if (part !== 'int' && part !== 'e2e') {
    console.error('Say which part of the lane on real services to run: int or e2e.')
    return 2
  }
  const provisioned = await runCommand(['tsx', 'tests/tools/provision-services.ts'])
  if (provisioned !== 0) return provisioned
  if (part === 'int') return runCommand(['vitest', 'run', '--project', 'int', ...INT_SUITES, ...extra], { INT_SERVICES: 'real' })
  return endToEnd(extra)
}

process.exitCode = await main(process.argv.slice(2))
