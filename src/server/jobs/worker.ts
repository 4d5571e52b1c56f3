// The jobs worker: runs Payload's queue back to back while jobs are waiting (two at a
// time, for two cores), and checks again every second when it is empty. A cron tick
// every few seconds would leave the cores idle between ticks during a 200-file upload.
// Several instances may run it: Payload claims each job before running it.
import type { Payload } from 'payload'

export const WORKER_CONCURRENCY = 2
const IDLE_MS = 1000
const AFTER_ERROR_MS = 5000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

export function startJobsWorker(payload: Payload): () => void {
  let stopped = false
  void (async () => {
    while (!stopped) {
      try {
        const { noJobsRemaining } = await payload.jobs.run({ limit: WORKER_CONCURRENCY, silent: { info: true } })
        if (noJobsRemaining) await sleep(IDLE_MS)
      } catch (error) {
        payload.logger.error({ err: error, msg: 'The jobs worker failed a round; retrying shortly' })
        await sleep(AFTER_ERROR_MS)
      }
    }
  })()
  return () => {
    stopped = true
  }
}
