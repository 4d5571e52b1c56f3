// `npm run worker` for the crash tests: the real worker process (src/host/worker-process.ts)
// with the tests' Payload config, whose checkpoints (checkpoints.ts) stop it dead at the named
// points and print "PAUSED <point>" there, so a test can kill it with SIGKILL at exactly that
// moment. Without points it is the plain worker.
//   tsx tests/helpers/worker-child.ts [point,point,...]
// With WORKER_CRASH_AT="<point>@<subject>" (a media id) it SIGKILLs itself when a job reaches
// that point for that subject, as a decoder crash or the OOM killer on one hostile file would,
// and lets every other job through.
import { runWorkerProcess } from '../../src/host/worker-process'
import type { Checkpoint } from '../../src/server/checkpoints'
import { holdAt } from './checkpoints'
import { testConfig } from './test-config'

const points = (process.argv[2] ?? '').split(',').filter(Boolean) as Checkpoint[]
for (const point of points) {
  holdAt(point, async () => {
    process.stdout.write(`PAUSED ${point}\n`)
    await new Promise(() => undefined)
  })
}
const crashAt = process.env.WORKER_CRASH_AT
if (crashAt) {
  const [point, subject] = crashAt.split('@') as [Checkpoint, string]
  holdAt(point, async (reached) => {
    if (reached !== subject) return
    process.stdout.write(`CRASHING at ${point} for ${subject}\n`)
    process.kill(process.pid, 'SIGKILL')
    await new Promise(() => undefined)
  })
}
await runWorkerProcess(testConfig)
process.stdout.write('WORKER STARTED\n')
