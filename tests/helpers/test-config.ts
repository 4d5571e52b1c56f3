// The app's Payload config for test processes, without Payload's type generation at start-up:
// outside production every Payload start spawns `payload generate:types` (a second Node process
// loading the whole config and rewriting src/payload-types.ts), once per integration test file.
import config from '../../payload.config'

export const testConfig = config.then((sanitized) => ({ ...sanitized, typescript: { ...sanitized.typescript, autoGenerate: false } }))
