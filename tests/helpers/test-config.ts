// The app's Payload config for test processes, without Payload's type generation at start-up:
// outside production every Payload start spawns `payload generate:types` (a second Node process
// loading the whole config and rewriting src/payload-types.ts), once per integration test file.
// It names what the tests inject into the services: the checkpoints observer a test holds writers
// with (checkpoints.ts) and the endpoints' wait for a run (src/server/runs/wait-for-run.ts).
import config from '../../payload.config'
import { RUN_WAIT_MS } from '../../src/lib/constants'
import type { RunWait } from '../../src/server/runs/wait-for-run'
import { testCheckpoints } from './checkpoints'

/** How long the endpoints wait for a run in this process: a test may shorten it, then set it back. */
export const runWait: RunWait = { ms: RUN_WAIT_MS }

export const testConfig = config.then((sanitized) => ({
  ...sanitized,
  typescript: { ...sanitized.typescript, autoGenerate: false },
  custom: { ...sanitized.custom, checkpoints: testCheckpoints, runWait },
}))
