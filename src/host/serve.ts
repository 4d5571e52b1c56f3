// The HTTP server the launcher runs: Next.js (pages, Payload's admin and REST) behind a
// thin Node server that answers the prepared read API (serve-prepared-read.ts) and the
// uploader's per-file calls (serve-direct.ts) itself.
// Reads PORT, HOSTNAME, NODE_ENV and TRUST_PROXY; DATABASE_URL and S3_* come from the launcher.
// What every request goes through first (client address, security headers, closed routes) is
// in http/host-server.ts.
import http from 'node:http'
import next from 'next'
import { getPayload } from 'payload'
import { publicPageCache } from '../../media-public/page-cache'
import { poolOf } from '../server/db/pool'
import { readEnv } from '../server/env'
import { trustProxyFrom } from './http/client-address'
import { hostRequestHandler } from './http/host-server'
import { propertyAddressing } from './http/property-address'
import { productRoutes } from './http/product-routes'
import { pageHeadersFor } from './http/page-headers'
import { securityHeaders, storeOrigins } from './http/security-headers'
import { stopJobsWorkers } from '../server/jobs/worker'

const dev = process.env.NODE_ENV !== 'production'
const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOSTNAME ?? '127.0.0.1'

/** How long a stop waits for running jobs, then for the database pool to close. */
const SHUTDOWN_GRACE_MS = 10_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const app = next({ dev, hostname, port, dir: process.cwd() })
  const handle = app.getRequestHandler()
  // Preparing runs src/instrumentation.ts, which initialises Payload (migrations, seed);
  // Payload keeps its instance process-wide, so the call below shares it.
  await app.prepare()
  const { default: config } = await import('@payload-config')
  const payload = await getPayload({ config })
  const selfHost = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname
  const servePublicPage = publicPageCache(payload, () => `http://${selfHost}:${port}`)

  const server = http.createServer(
    hostRequestHandler({
      trust: trustProxyFrom(process.env.TRUST_PROXY),
      secret: payload.secret,
      headers: securityHeaders({ connect: storeOrigins(readEnv()), dev }),
      pageHeaders: pageHeadersFor({ connect: storeOrigins(readEnv()), dev }),
      address: propertyAddressing(payload, trustProxyFrom(process.env.TRUST_PROXY)),
      routes: [...productRoutes(payload), servePublicPage],
      next: handle,
      onError: (error, req) => payload.logger.error({ err: error, msg: `Unhandled error for ${req.method} ${req.url}` }),
    }),
  )
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
