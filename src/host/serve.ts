// The HTTP server the launcher runs: Next.js (its pages and route handlers, Payload's admin, REST
// and the gallery's endpoints, everything behind src/proxy.ts), as Next's custom-server API
// starts it, with two additions: the socket's address is appended to X-Forwarded-For, as a proxy
// would append it (Next's own server sets that header only when a request has none, so a client
// could otherwise name its own address, and the rate limits key on it: src/server/http/forwarded.ts);
// and the prepared JSON lists go out compressed (src/server/http/precompressed.ts).
// Reads PORT, HOSTNAME and NODE_ENV; DATABASE_URL and S3_* come from the launcher.
import http from 'node:http'
import next from 'next'
import { getPayload } from 'payload'
import { poolOf } from '../server/db/pool'
import { appendPeer } from '../server/http/forwarded'
import { ENCODER_HEADER, encoderToken, sendEncodedAnswers } from '../server/http/precompressed'
import { stopJobsWorkers } from '../server/jobs/worker'

const dev = process.env.NODE_ENV !== 'production'
const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOSTNAME ?? '127.0.0.1'

/** How long a stop waits for running jobs, then for the database pool to close. */
const SHUTDOWN_GRACE_MS = 10_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  // Next names its own origin from this hostname, and NextURL writes a loopback address as
  // `localhost` in the URL the proxy sees: with the same name here, the proxy's rewrites stay
  // inside this server instead of going out as HTTP requests of their own. The server listens
  // on HOSTNAME below.
  const app = next({ dev, hostname: 'localhost', port, dir: process.cwd() })
  const handle = app.getRequestHandler()
  // Preparing runs src/instrumentation.ts, which initialises Payload (migrations, seed);
  // Payload keeps its instance process-wide, so the call below shares it.
  await app.prepare()
  const { default: config } = await import('@payload-config')
  const payload = await getPayload({ config })

  // The prepared lists go out with the bytes compressed once per version (precompressed.ts).
  const token = encoderToken()
  const server = http.createServer((req, res) => {
    req.headers['x-forwarded-for'] = appendPeer(req.headers['x-forwarded-for'], req.socket.remoteAddress)
    req.headers[ENCODER_HEADER] = token
    sendEncodedAnswers(res)
    void handle(req, res)
  })
  server.keepAliveTimeout = 65_000
  server.listen(port, hostname, () => console.log(`✓ Ready on http://${hostname}:${port}`))

  // In order: no new requests, running jobs finish (or are left to be claimed again), Next
  // closes, then the database pool, so nothing is cut off by PostgreSQL's own shutdown.
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    server.close()
    server.closeAllConnections()
    void stopJobsWorkers(SHUTDOWN_GRACE_MS)
      .then(() => app.close())
      .then(() => Promise.race([poolOf(payload).end(), sleep(SHUTDOWN_GRACE_MS)]))
      .catch((error) => console.error(error instanceof Error ? error.message : error))
      .finally(() => process.exit(0))
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
