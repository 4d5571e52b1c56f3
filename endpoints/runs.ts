// Runs (ARCHITECTURE §10): GET /api/runs/{id}, one run's state and real progress, and
// GET /api/runs?kind=analysis|duplicates|backup|restore&limit=N, the latest runs of a kind,
// newest first. Signed-in managers only. Served as the `runs` collection's own endpoints
// (they come before Payload's default find and findByID on /api/runs).
import { runParamsSchema, runsQuerySchema } from '../src/lib/schemas/runs'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseParams, parseQuery, requireUser } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'
import { findRun, latestRuns, publicRun } from '../src/server/runs/run'

const NO_STORE = { 'Cache-Control': 'no-store' }

export const runsEndpoints = [
  endpoint('get', '/', async (req) => {
    requireUser(req)
    const { kind, limit } = parseQuery(req, runsQuerySchema)
    const runs = await latestRuns(poolOf(req.payload), kind, limit, { checkAbandoned: true })
    return Response.json(runs.map(publicRun), { headers: NO_STORE })
  }),

  endpoint('get', '/:id', async (req) => {
    requireUser(req)
    const { id } = parseParams(req, runParamsSchema)
    const run = await findRun(poolOf(req.payload), id, { checkAbandoned: true })
    if (!run) throw notFound('There is no such run (finished runs are kept for a day).')
    return Response.json(publicRun(run), { headers: NO_STORE })
  }),
]
