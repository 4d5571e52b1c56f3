// `npm run worker`: the jobs worker in a process of its own (docs/architecture.md §7), for
// deployments where the web instances run with JOBS_WORKER=off. Same configuration and
// environment as the app; services must already be running (DATABASE_URL, S3_*).
import { restartWithMallocArenas } from './malloc-arenas'

// Before the worker's modules load: sharp's threads allocate in the arenas this sets.
restartWithMallocArenas()
const [{ default: config }, { runWorkerProcess }] = await Promise.all([import('../../payload.config'), import('./worker-process')])
await runWorkerProcess(config)
