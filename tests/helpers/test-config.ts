// The app's Payload config for test processes, without Payload's type generation at start-up:
// outside production every Payload start spawns `payload generate:types` (a second Node process
// loading the whole config and rewriting src/payload-types.ts), once per integration test file.
// It names what the tests inject into the services: the checkpoints observer a test holds writers
// with (checkpoints.ts).
import config from '../../payload.config'
import { testCheckpoints } from './checkpoints'

export const testConfig = config.then((sanitized) => ({
  ...sanitized,
  typescript: { ...sanitized.typescript, autoGenerate: false },
  custom: { ...sanitized.custom, checkpoints: testCheckpoints },
}))
