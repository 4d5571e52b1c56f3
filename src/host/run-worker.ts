// `npm run worker`: the jobs worker in a process of its own (docs/architecture.md §7), for
// deployments where the web instances run with JOBS_WORKER=off. Same configuration and
// environment as the app; services must already be running (DATABASE_URL, S3_*).
import config from '../../payload.config'
import { runWorkerProcess } from './worker-process'

await runWorkerProcess(config)
