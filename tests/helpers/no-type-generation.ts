// Imported first by the worker process the several-instance and outage suites start
// (run-worker-child.ts, around the real `npm run worker` entry): it turns off Payload's type
// generation in its config, as tests/helpers/test-config.ts does for the tests' own Payload.
// Outside production every Payload start spawns `payload generate:types`, a second Node process
// that loads the whole config and rewrites src/payload-types.ts: per worker start, a few seconds
// of the machine's two cores taken from the work under test, and a tree left changed.
// The entry imports the same config module, so it starts with this setting.
import config from '../../payload.config'

const sanitized = await config
sanitized.typescript = { ...sanitized.typescript, autoGenerate: false }
