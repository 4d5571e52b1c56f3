// `npm run worker`'s entry (src/host/run-worker.ts) for the several-instance and outage suites,
// with Payload's type generation turned off first (no-type-generation.ts).
import './no-type-generation'
import '../../src/host/run-worker'
