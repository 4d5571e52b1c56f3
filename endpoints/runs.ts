// Runs (docs/architecture.md §11): GET /api/runs/{id}, one run's state and real progress (the
// statusUrl of every request's 202 answer, src/server/runs/run-answer.ts), and
// GET /api/runs?kind=analysis|duplicates|backup|restore|export&limit=N, the latest runs of a kind,
// newest first. A finished export's result carries a fresh downloadUrl, an analysis's the photos
// it skipped and why. Any signed-in role may ask; a run is shown only to accounts that may start
// its kind (RUN_KIND_ACTIONS: analysis, scan, backup, restore), else 403. Served as the
// `runs` collection's own endpoints (they come before Payload's default find and findByID).
import { runParamsSchema, runsQuerySchema } from '../src/lib/schemas/runs'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseParams, parseQuery } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'
import { findRun, latestRuns } from '../src/server/runs/run'
import { describeRun } from '../src/server/runs/run-answer'
import { RUN_KIND_ACTIONS } from '../src/server/auth/access'
import { requireMay } from '../src/server/auth/request-access'
import { scopeRequest } from '../src/server/properties/request-property'

const NO_STORE = { 'Cache-Control': 'no-store' }

export const runsEndpoints = [
  endpoint('get', '/', 'view-hidden', async (req) => {
    const { kind, limit } = parseQuery(req, runsQuerySchema)
    requireMay(req, RUN_KIND_ACTIONS[kind])
    const runs = await latestRuns(poolOf(req.payload), kind, await scopeRequest(req), limit, { checkAbandoned: true })
    return Response.json(await Promise.all(runs.map((run) => describeRun(req, run))), { headers: NO_STORE })
  }),

  endpoint('get', '/:id', 'view-hidden', async (req) => {
    const { id } = parseParams(req, runParamsSchema)
    const run = await findRun(poolOf(req.payload), id, { checkAbandoned: true })
    // Another property's run is no run here.
    if (!run || run.propertyId !== (await scopeRequest(req))) throw notFound('There is no such run (finished runs are kept for a day).')
    requireMay(req, RUN_KIND_ACTIONS[run.kind])
    return Response.json(await describeRun(req, run), { headers: NO_STORE })
  }),
]
