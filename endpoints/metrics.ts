// POST /api/metrics/load-times: public pages report how long their images took to load.
// Anyone may report (visitors are anonymous), so the body is bounded and validated and
// each address is rate-limited; nothing else is stored (no URLs, no addresses).
import { loadTimesSchema } from '../src/lib/schemas/metrics'
import { endpoint, parseBody } from '../src/server/http/endpoint'
import { rateLimiter } from '../src/server/http/rate-limit'
import { recordLoadTimes } from '../src/server/metrics/load-times'

const reportLimit = rateLimiter({ limit: 30, windowMs: 60_000 })

export const metricsEndpoints = [
  endpoint('post', '/metrics/load-times', async (req) => {
    reportLimit(req)
    const { samples } = await parseBody(req, loadTimesSchema)
    await recordLoadTimes(req.payload, samples)
    return new Response(null, { status: 204 })
  }),
]
