// One app instance in a process of its own, for the outage and several-instance suites: its
// own Payload (own pool, own caches, own module state), the app over HTTP (host.ts: the proxy,
// Payload's REST and the object routes), and, unless JOBS_WORKER=off, the jobs worker and backup
// scheduler as src/instrumentation.ts starts them. Next is not built in integration tests: a
// stand-in renders public pages (/gallery…) as a short HTML list of the visible media from the
// public read model, with a count of its renders.
//   tsx tests/helpers/app-instance.ts            (environment: DATABASE_URL, S3_*, PAYLOAD_SECRET…)
// Prints one JSON line { url, pid } when ready; stops (jobs finish first) when its standard
// input closes. The parent side is startAppInstance() below.
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { endedBeforeReady, retryLoaderHang } from './instances'
import { childEntryArgs } from './child-entry'
import { defaultPropertyScope } from '../../src/server/properties/default-property'

const READY = 'APP-INSTANCE-READY '

export type AppInstance = {
  url: string
  pid: number
  /** Lines the instance wrote to its standard error (its logs). */
  log: string[]
  exited: () => boolean
  /** Resolves with the first line (of its log, from now or already written) that matches. */
  waitForLine: (match: RegExp, timeoutMs?: number) => Promise<string>
  /** Sends a line to the instance: `release` lets an ingest held by HOLD_INGEST_AT go on. */
  send: (line: string) => void
  /** SIGSTOP / SIGCONT: the process stands still (claims nothing) until resumed. */
  pause: () => void
  resume: () => void
  close: () => Promise<void>
}

/** Starts an instance with the given environment on top of this process's. */
export function startAppInstance(env: Record<string, string>, name: string): Promise<AppInstance> {
  return retryLoaderHang(() => startOnce(env, name), name)
}

async function startOnce(env: Record<string, string>, name: string): Promise<AppInstance> {
  const child = spawn(process.execPath, childEntryArgs('tests/helpers/app-instance.ts'), {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  const log: string[] = []
  const watchers = new Set<(line: string) => void>()
  const keep = (line: string) => {
    log.push(line)
    for (const watch of watchers) watch(line)
    if (process.env.DEBUG_INSTANCES) console.error(`[${name}] ${line}`)
  }
  readline.createInterface({ input: child.stderr! }).on('line', keep)
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)))
      else keep(line)
    })
    child.once('exit', (code) => reject(endedBeforeReady(code, log, name)))
  })
  return {
    url: ready.url,
    pid: child.pid!,
    log,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    waitForLine: (match, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const found = log.find((line) => match.test(line))
        if (found) return resolve(found)
        const timer = setTimeout(() => {
          watchers.delete(watch)
          reject(new Error(`${name} did not log ${match} within ${timeoutMs} ms:\n${log.slice(-20).join('\n')}`))
        }, timeoutMs)
        const watch = (line: string) => {
          if (!match.test(line)) return
          clearTimeout(timer)
          watchers.delete(watch)
          resolve(line)
        }
        watchers.add(watch)
      }),
    send: (line) => child.stdin!.write(`${line}\n`),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGCONT')
      child.stdin!.end()
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await exit
      clearTimeout(timer)
    },
  }
}

async function main() {
  const [{ getPayload }, { testConfig: config }] = await Promise.all([import('payload'), import('./test-config')])
  const { keepPoolErrorsQuiet, poolOf } = await import('../../src/server/db/pool')
  const { startTestHost } = await import('./host')
  const { publicSnapshot } = await import('../../media-public/read-model')
  const { startJobsWorker } = await import('../../src/server/jobs/worker')
  const { startBackupScheduler } = await import('../../src/server/backup/schedule')

  const payload = await getPayload({ config })
  keepPoolErrorsQuiet(payload)
  // HOLD_INGEST_AT=n: the n-th ingest to reach its results waits for a "release" line, so a
  // test can take a service away while a job is half-way.
  const releases: Array<() => void> = []
  const holdAtIngest = Number(process.env.HOLD_INGEST_AT ?? 0)
  if (holdAtIngest > 0) {
    const { holdAt } = await import('./checkpoints')
    let reached = 0
    const stopHolding = holdAt('ingest:before-results', async () => {
      if (++reached < holdAtIngest) return
      stopHolding()
      process.stdout.write('\nHELD ingest:before-results\n')
      await new Promise<void>((resolve) => releases.push(resolve))
    })
  }
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'release') for (const release of releases.splice(0)) release()
  })
  let stopScheduler = () => undefined as void
  let stopWorker = async () => undefined as void
  if (process.env.JOBS_WORKER !== 'off') {
    stopWorker = startJobsWorker(payload)
    stopScheduler = startBackupScheduler(poolOf(payload), (msg, err) => payload.logger.warn({ err, msg }))
  }

  let renders = 0
  // Public pages: a short list of the visible media from the public read model, with a count of its renders.
  const page = async (request: Request) => {
    const { pathname } = new URL(request.url)
    if (!/^\/site\/[^/]+\/(public|gallery)/.test(pathname)) return new Response('next stand-in', { headers: { 'Content-Type': 'text/html' } })
    const snapshot = await publicSnapshot(payload, await defaultPropertyScope(payload))
    renders += 1
    const items = snapshot.media.map((media) => `<li data-id="${media.id}">${media.originalFilename}</li>`).join('')
    return new Response(`<!doctype html><html><body data-render="${process.pid}:${renders}"><ul>${items}</ul></body></html>`, {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    })
  }
  const host = await startTestHost(payload, { trustProxy: 'loopback', page })
  const origin = host.url
  process.stdout.write(`\n${READY}${JSON.stringify({ url: origin, pid: process.pid })}\n`)

  process.stdin.on('end', () => {
    for (const release of releases.splice(0)) release()
    void host.close()
    stopScheduler()
    // Running jobs get 10 s to finish; one still running is claimed again later, as after a crash.
    void Promise.race([stopWorker(), new Promise((resolve) => setTimeout(resolve, 10_000))])
      .then(() => poolOf(payload).end())
      .catch(() => undefined)
      .finally(() => process.exit(0))
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
