// Media read API of spec §7: GET /api/media-files and GET /api/media-files/stats.
// Visitors get the public read model; a signed-in manager gets every media file.
import type { PayloadRequest } from 'payload'
import { publicJson, statsOf } from '../media-public/read-model'
import { filterByType } from '../src/lib/media-filters'
import { mediaListQuerySchema } from '../src/lib/schemas/media'
import { adminJson } from '../src/server/media/catalog'
import { parseQuery, preparedEndpoints } from '../src/server/http/endpoint'
import type { PreparedAnswer, PreparedRead } from '../src/server/http/prepared-answer'

/** Mean page-load time reported by visitors; 0 until the first sample (shown as "—"). */
const AVG_LOAD_TIME_UNTIL_MEASURED = 0

async function mediaFilesAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  const { type } = parseQuery(req, mediaListQuerySchema)
  const key = `media-files:${type ?? ''}`
  const answer = req.user
    ? await adminJson(req.payload, key, ({ media }) => filterByType(media, type))
    : await publicJson(req.payload, key, ({ media }) => filterByType(media, type))
  return { ...answer, key, audience: req.user ? 'admin' : 'public' }
}

async function statsAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  const key = 'stats'
  const answer = req.user
    ? await adminJson(req.payload, key, ({ media }) => statsOf(media, AVG_LOAD_TIME_UNTIL_MEASURED))
    : await publicJson(req.payload, key, ({ media }) => statsOf(media, AVG_LOAD_TIME_UNTIL_MEASURED))
  return { ...answer, key, audience: req.user ? 'admin' : 'public' }
}

export const mediaFileReads: PreparedRead[] = [
  { path: '/media-files', answer: mediaFilesAnswer },
  { path: '/media-files/stats', answer: statsAnswer },
]

export const mediaFilesEndpoints = preparedEndpoints(mediaFileReads)
