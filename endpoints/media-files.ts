// Media read API of spec §7: GET /api/media-files and GET /api/media-files/stats.
// Visitors get the public read model; a signed-in manager gets every media file.
import { publicJson, statsOf } from '../media-public/read-model'
import { filterByType } from '../src/lib/media-filters'
import { mediaListQuerySchema } from '../src/lib/schemas/media'
import { adminJson } from '../src/server/media/catalog'
import { cachedJson } from '../src/server/http/cached-json'
import { endpoint, parseQuery } from '../src/server/http/endpoint'

/** Mean page-load time reported by visitors; 0 until the first sample (shown as "—"). */
const AVG_LOAD_TIME_UNTIL_MEASURED = 0

export const listMediaFiles = endpoint('get', '/media-files', async (req) => {
  const { type } = parseQuery(req, mediaListQuerySchema)
  const key = `media-files:${type ?? ''}`
  const answer = req.user
    ? await adminJson(req.payload, key, ({ media }) => filterByType(media, type))
    : await publicJson(req.payload, key, ({ media }) => filterByType(media, type))
  return cachedJson(req, { ...answer, key, audience: req.user ? 'admin' : 'public' })
})

export const mediaStats = endpoint('get', '/media-files/stats', async (req) => {
  const key = 'stats'
  const answer = req.user
    ? await adminJson(req.payload, key, ({ media }) => statsOf(media, AVG_LOAD_TIME_UNTIL_MEASURED))
    : await publicJson(req.payload, key, ({ media }) => statsOf(media, AVG_LOAD_TIME_UNTIL_MEASURED))
  return cachedJson(req, { ...answer, key, audience: req.user ? 'admin' : 'public' })
})

export const mediaFilesEndpoints = [listMediaFiles, mediaStats]
