// POST /api/metrics/load-times: public pages report how long their images took to load.
// Anyone may report (visitors are anonymous), so the body is bounded and validated, it must
// carry the token of a page this server rendered recently for the request's property (the
// sample is that property's), and each address is rate-limited;
// nothing else is stored (no URLs, no addresses, no tokens).
import { loadTimesSchema } from '../src/lib/schemas/metrics'
import { endpoint, parseBody } from '../src/server/http/endpoint'
import { forbidden } from '../src/server/http/errors'
import { rateLimiter } from '../src/server/http/rate-limit'
import { recordLoadTimes } from '../src/server/metrics/load-times'
import { isValidLoadTimesToken } from '../src/server/metrics/page-token'
import { requestScope } from '../src/server/properties/request-property'

const reportLimit = rateLimiter({ limit: 30, windowMs: 60_000 })

export const metricsEndpoints = [
  endpoint('post', '/metrics/load-times', 'public', async (req) => {
    reportLimit(req)
    const { samples, token } = await parseBody(req, loadTimesSchema)
    const scope = await requestScope(req)
    if (!isValidLoadTimesToken(req.payload.config.secret, scope.id, token)) {
      throw forbidden('Load times are taken only from pages of this site: reload the page.')
    }
    await recordLoadTimes(req.payload, scope, samples)
    return new Response(null, { status: 204 })
  }),
]
