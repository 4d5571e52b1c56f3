// `npm run worker` for the crash tests: the real worker entry (src/host/run-worker.ts),
// which stops dead at the named pause points and prints "PAUSED <point>" there, so a test can
// kill it with SIGKILL at exactly that moment. Without points it is the plain worker.
//   tsx tests/helpers/worker-child.ts [point,point,...]
// With WORKER_CRASH_AT="<point>@<subject>" (a media id) it SIGKILLs itself when a job reaches
// that point for that subject, as a decoder crash or the OOM killer on one hostile file would,
// and lets every other job through.
// First: Payload's type generation off in the config the worker entry loads.
import './no-type-generation'
import { holdAt, type PausePoint } from '../../src/server/media/pause-points'

const points = (process.argv[2] ?? '').split(',').filter(Boolean) as PausePoint[]
for (const point of points) {
  holdAt(point, async () => {
    process.stdout.write(`PAUSED ${point}\n`)
    await new Promise(() => undefined)
  })
}
const crashAt = process.env.WORKER_CRASH_AT
if (crashAt) {
  const [point, subject] = crashAt.split('@') as [PausePoint, string]
  holdAt(point, async (reached) => {
    if (reached !== subject) return
    process.stdout.write(`CRASHING at ${point} for ${subject}\n`)
    process.kill(process.pid, 'SIGKILL')
    await new Promise(() => undefined)
  })
}
await import('../../src/host/run-worker')
process.stdout.write('WORKER STARTED\n')
