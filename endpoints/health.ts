// GET /api/health: for a load balancer or a service manager. 200 { database: 'ok', store: 'ok' }
// when this instance's database and object store both answer within a few seconds, else 503
// naming the one that does not. Anyone may ask; it tells nothing else.
import { HeadBucketCommand } from '@aws-sdk/client-s3'
import { poolOf } from '../src/server/db/pool'
import { endpoint } from '../src/server/http/endpoint'
import { appStore } from '../src/server/storage/index'

/** How long each service has to answer. */
const HEALTH_WAIT_MS = 3_000

type Health = 'ok' | 'unavailable'

const answers = (check: Promise<unknown>): Promise<Health> =>
  Promise.race([
    check.then((): Health => 'ok'),
    new Promise<Health>((resolve) => setTimeout(resolve, HEALTH_WAIT_MS, 'unavailable')),
  ]).catch((): Health => 'unavailable')

export const healthEndpoints = [
  endpoint('get', '/health', 'public', async (req) => {
    const store = appStore()
    const [database, bucket] = await Promise.all([
      answers(poolOf(req.payload).query('SELECT 1')),
      answers(store.client.send(new HeadBucketCommand({ Bucket: store.bucket }), { abortSignal: AbortSignal.timeout(HEALTH_WAIT_MS) })),
    ])
    const healthy = database === 'ok' && bucket === 'ok'
    return Response.json({ database, store: bucket }, { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
  }),
]
