// Starts the product: the embedded PostgreSQL and S3-compatible store when the environment
// names none (and a generated PAYLOAD_SECRET), in a process of their own, then Next's own server
// as a child (`next start` on the production build, `next dev` from source), which serves
// everything: pages, Payload's admin and REST, the gallery's endpoints, all behind src/proxy.ts.
// Everything stops together, in order: the server first, so it closes its database connections,
// then the services.
// Usage: node dist/launch.js start | tsx src/host/launch.ts dev
import { spawn } from 'node:child_process'
import path from 'node:path'
import { startServicesProcess } from './embedded/services-child'
import { nextNodeOptions, nextServerArgs } from './entries'
import { restartWithMallocArenas } from './malloc-arenas'

// First, so Next's server (which runs the jobs worker unless JOBS_WORKER=off) inherits the limit.
restartWithMallocArenas()

const MODES = ['dev', 'start'] as const
const mode = MODES.find((name) => name === process.argv[2])
if (!mode) {
  console.error('Usage: launch.ts <dev|start>')
  process.exit(2)
}

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? '.data')

function exitCodeOf(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

async function main(mode: (typeof MODES)[number]) {
  // Detached: the terminal's Ctrl+C reaches the server, not PostgreSQL, which is stopped after it.
  const everythingGiven = Boolean(process.env.DATABASE_URL && process.env.S3_ENDPOINT && process.env.PAYLOAD_SECRET)
  const services = everythingGiven
    ? { env: {}, started: [], stop: async () => undefined }
    : await startServicesProcess({ dataDir, detached: true })
  const embedded = services.started.length > 0
  const port = process.env.PORT ?? '3000'
  // The embedded default serves this machine only; with real servers, listen everywhere unless told.
  const hostname = process.env.HOSTNAME ?? (embedded ? '127.0.0.1' : '0.0.0.0')

  for (const line of services.started) console.log(`Started ${line}`)
  if (embedded) console.log(`Data kept in ${dataDir}`)
  console.log(`Gallery: http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}/gallery · Admin: /admin`)

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...services.env,
    NODE_OPTIONS: nextNodeOptions(),
  }
  if (mode === 'start') Object.assign(env, { NODE_ENV: 'production' })
  const child = spawn(process.execPath, nextServerArgs(mode, { port, hostname }), { stdio: 'inherit', env })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    child.kill(signal)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  const code = await exitCodeOf(child)
  await services.stop()
  // Next exits 130 or 143 after a stop it was asked for; a stop asked for is a clean exit.
  process.exit(stopping ? 0 : code)
}

main(mode).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
