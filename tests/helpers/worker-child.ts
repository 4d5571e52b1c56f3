// `npm run worker` for the crash tests: the real worker entry (src/host/run-worker.ts),
// which stops dead at the named pause points and prints "PAUSED <point>" there, so a test can
// kill it with SIGKILL at exactly that moment. Without points it is the plain worker.
//   tsx tests/helpers/worker-child.ts [point,point,...]
import { holdAt, type PausePoint } from '../../src/server/media/pause-points'

const points = (process.argv[2] ?? '').split(',').filter(Boolean) as PausePoint[]
for (const point of points) {
  holdAt(point, async () => {
    process.stdout.write(`PAUSED ${point}\n`)
    await new Promise(() => undefined)
  })
}
await import('../../src/host/run-worker')
process.stdout.write('WORKER STARTED\n')
