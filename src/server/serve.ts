// The HTTP server the launcher runs: Next.js (pages, Payload's admin and REST) behind a
// thin Node server that answers the prepared read API (serve-prepared-read.ts) and the
// uploader's per-file calls (serve-direct.ts) itself.
// Reads PORT, HOSTNAME and NODE_ENV; DATABASE_URL and S3_* come from the launcher.
import http from 'node:http'
import next from 'next'
import { getPayload } from 'payload'
import { createMediaEndpoint, mediaFileReads } from '../../endpoints/media-files'
import { sectionReads } from '../../endpoints/sections'
import { uploaderEndpoints } from '../../endpoints/uploader'
import { deliverObject } from '../../media-public/object-delivery'
import { publicPageCache } from '../../media-public/page-cache'
import { sendWebResponse, toWebRequest } from './http/node-bridge'
import { directEndpointServer } from './http/serve-direct'
import { preparedReadServer } from './http/serve-prepared-read'
import { poolOf } from './db/advisory-lock'
import { stopJobsWorkers } from './jobs/worker'

const dev = process.env.NODE_ENV !== 'production'
const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOSTNAME ?? '127.0.0.1'

/** How long a stop waits for running jobs, then for the database pool to close. */
const SHUTDOWN_GRACE_MS = 10_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

async function main() {
  const app = next({ dev, hostname, port, dir: process.cwd() })
  const handle = app.getRequestHandler()
  // Preparing runs src/instrumentation.ts, which initialises Payload (migrations, seed);
  // Payload keeps its instance process-wide, so the call below shares it.
  await app.prepare()
  const { default: config } = await import('@payload-config')
  const payload = await getPayload({ config })
  const servePreparedRead = preparedReadServer(payload, [...sectionReads, ...mediaFileReads])
  // The uploader's per-file calls: a 200-file batch makes 400 of them.
  const serveDirect = directEndpointServer(payload, [...uploaderEndpoints, createMediaEndpoint])
  const selfHost = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname
  const servePublicPage = publicPageCache(payload, () => `http://${selfHost}:${port}`)

  const serveObject = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/public-objects/')) return false
    const parts = new URL(req.url, 'http://internal').pathname.split('/').slice(2).map(safeDecode)
    await sendWebResponse(res, await deliverObject(payload, toWebRequest(req), parts))
    return true
  }

  const server = http.createServer((req, res) => {
    serveObject(req, res)
      .then((served) => served || servePreparedRead(req, res))
      .then((served) => served || serveDirect(req, res))
      .then((served) => served || servePublicPage(req, res))
      .then((served) => (served ? undefined : handle(req, res)))
      .catch((error) => {
        payload.logger.error({ err: error, msg: `Unhandled error for ${req.method} ${req.url}` })
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }))
      })
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
