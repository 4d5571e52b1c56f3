// The second app of this repository (examples/minimal-site: its own `pages` and `users`, the
// gallery added as a plugin) run as its developer runs it, `next dev` (Turbopack) in its own
// folder, on a database of its own on the integration run's embedded PostgreSQL and on the run's
// store. `next dev` rather than `next build` + `next start`: on this project's two-core machines a
// cold build of the example alone takes 2.5 minutes or more, the whole test under `next dev` about
// 75 s (DECISIONS.md, "The second app").
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { Client } from 'pg'
import { freePort } from '../../src/host/embedded/free-port'

const EXAMPLE_DIR = fileURLToPath(new URL('../../examples/minimal-site', import.meta.url))
const NEXT_BIN = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url))

export type ExampleSite = {
  url: string
  /** Everything the server printed so far. */
  log: () => string
  close: () => Promise<void>
}

async function onServer(databaseUrl: string, statement: string) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * Starts the example on a fresh database (CREATE DATABASE beside the run's) and waits until its
 * API answers and the `warm` paths have answered once: Next compiles a route on its first
 * request, and asked together they compile side by side rather than one test after another.
 */
export async function startExampleSite({ warm = [], readyTimeoutMs = 300_000 }: { warm?: string[]; readyTimeoutMs?: number } = {}): Promise<ExampleSite> {
  const runDatabase = process.env.DATABASE_URL
  if (!runDatabase || !process.env.S3_ENDPOINT) throw new Error('The example needs the integration run’s DATABASE_URL and S3_* (tests/helpers/int-global-setup.ts)')
  const name = `example_${randomBytes(4).toString('hex')}`
  await onServer(runDatabase, `CREATE DATABASE ${name}`)
  const database = new URL(runDatabase)
  database.pathname = `/${name}`

  const port = await freePort()
  // `localhost`, not 127.0.0.1: Next writes a loopback address as `localhost` in the URL the proxy
  // sees, and a rewrite to another origin than the one the server was started on is sent on as an
  // HTTP request of its own (Next's external rewrite) instead of being served in place.
  const url = `http://localhost:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.href,
    SERVER_URL: url,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
    // Analysis loads its model (≈ 250 MB, seconds of CPU per photo): none of these flows needs it.
    ANALYZE_ON_UPLOAD: 'false',
    // As `next dev` sets it itself; Vitest's `test` would make Next warn and run as neither.
    NODE_ENV: 'development',
  }
  // Its own process group, so the server, its compiler's workers and Payload's children stop together.
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'dev', '--port', String(port), '--hostname', 'localhost'], {
    cwd: EXAMPLE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    if (process.env.DEBUG_INSTANCES) process.stderr.write(`[example] ${chunk}`)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running = () => child.exitCode === null && child.signalCode === null
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // Already gone.
    }
  }
  // A test run that ends early must not leave the server behind.
  const killOnExit = () => signalGroup('SIGKILL')
  process.once('exit', killOnExit)

  const close = async () => {
    process.off('exit', killOnExit)
    if (running()) {
      signalGroup('SIGTERM')
      const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    // Whatever of the group outlived the server (a compiler worker) goes too.
    signalGroup('SIGKILL')
    await onServer(runDatabase, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }

  const deadline = Date.now() + readyTimeoutMs
  const failure = () =>
    !running() ? `next dev exited (code ${child.exitCode})` : Date.now() > deadline ? `The example did not answer within ${readyTimeoutMs} ms` : null
  const fail = async (why: string) => {
    await close()
    throw new Error(`${why}:\n${output.slice(-4000)}`)
  }
  while (!/Ready in/.test(output)) {
    const why = failure()
    if (why) await fail(why)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  // Any session cookie lets /admin past the proxy's sign-in redirect to its route, to be compiled.
  const warming = warm.map((path) =>
    fetch(`${url}${path}`, { headers: { cookie: 'payload-token=warm-up' }, redirect: 'manual' }).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    ),
  )
  const answers = () =>
    fetch(`${url}/api/sections`).then(
      (response) => response.status === 200,
      () => false,
    )
  while (!(await answers())) {
    const why = failure()
    if (why) await fail(why)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await Promise.all(warming)
  return { url, log: () => output, close }
}
