// The embedded services in a process of their own, as `npm start`'s launcher runs them: a
// benchmark's client then does not share its thread with the store. Prints the services'
// environment as one JSON line, stops them on SIGTERM or when stdin closes.
// Usage: tsx bench/lib/services-process.ts <data dir>
import { startMissingServices } from '../../src/server/embedded/services'

async function main() {
  const services = await startMissingServices({ dataDir: process.argv[2], env: {} as NodeJS.ProcessEnv, ephemeral: true })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    services.stop().finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.stdin.on('end', stop).resume()
  console.log(JSON.stringify(services.env))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
