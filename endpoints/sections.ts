// Section API of spec §7. Reads: GET /api/sections, /api/sections/{id}/preview,
// /api/sections/{section}/media (prepared reads: built once per read-model version).
// The manager's mutations: POST /api/sections/{sectionId}/bulk-assign (`place`) and
// PUT /api/sections/{sectionId}/reorder (`reorder`), each one transaction.
import type { PayloadRequest } from 'payload'
import { publicJson, publicSectionsJson, type PublicSnapshot } from '../media-public/read-model'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID } from '../src/lib/constants'
import { filterByType } from '../src/lib/media-filters'
import { sortSectionMedia } from '../src/lib/media-order'
import { sectionMediaQuerySchema, sectionParamsSchema } from '../src/lib/schemas/media'
import { adminJson } from '../src/server/media/catalog'
import { bulkAssignSchema, reorderSchema } from '../src/lib/schemas/placement'
import { endpoint, parseBody, parseParams, parseQuery, preparedEndpoints } from '../src/server/http/endpoint'
import { badRequest, forbidden, notFound, unauthorized } from '../src/server/http/errors'
import { refusalMessage } from '../src/server/auth/access'
import { audienceFor } from '../src/server/auth/request-access'
import { requestScope } from '../src/server/properties/request-property'
import { bulkAssign, reorderSection } from '../src/server/media/placement'
import type { PreparedAnswer, PreparedRead } from '../src/server/http/prepared-answer'

const PREVIEW_SIZE = 4

function assertSection(snapshot: PublicSnapshot, id: string) {
  if (id === ALL_SECTIONS_ID || id === HIDDEN_SECTION_ID) return
  if (!snapshot.sections.some((section) => section.id === id)) throw notFound(`Section "${id}" was not found.`)
}

async function sectionsAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  // Polled by every open page: counted on its own, not from the whole snapshot (read-model.ts).
  return { ...(await publicSectionsJson(req.payload, await requestScope(req))), key: 'sections', audience: 'public' }
}

async function previewAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  const { sectionId } = parseParams(req, sectionParamsSchema)
  const key = `preview:${sectionId}`
  const answer = await publicJson(req.payload, await requestScope(req), key, (snapshot) => {
    const files = snapshot.bySection.get(sectionId)
    if (!files) throw notFound(`Section "${sectionId}" was not found.`)
    return {
      previewFiles: files.filter((file) => file.fileType === 'image').slice(0, PREVIEW_SIZE),
      totalCount: files.length,
    }
  })
  return { ...answer, key, audience: 'public' }
}

async function sectionMediaAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  const { sectionId: section } = parseParams(req, sectionParamsSchema)
  const { type, includeHidden } = parseQuery(req, sectionMediaQuerySchema)
  const key = `section-media:${section}:${type ?? ''}`

  if (section === HIDDEN_SECTION_ID && includeHidden === 'true') {
    if (!req.user) throw unauthorized('Sign in to see hidden media.')
    if (audienceFor(req) !== 'admin') throw forbidden(refusalMessage('view-hidden'))
    const answer = await adminJson(req.payload, await requestScope(req), key, ({ media }) =>
      filterByType(
        media.filter((file) => file.isHidden === 'true'),
        type,
      ),
    )
    return { ...answer, key, audience: 'admin' }
  }

  const answer = await publicJson(req.payload, await requestScope(req), key, (snapshot) => {
    assertSection(snapshot, section)
    if (section === HIDDEN_SECTION_ID) return []
    const files = section === ALL_SECTIONS_ID ? snapshot.media : (snapshot.bySection.get(section) ?? [])
    return filterByType(files, type)
  })
  if (audienceFor(req) === 'public' || section === ALL_SECTIONS_ID) return { ...answer, key, audience: 'public' }

  // Staff also see the section's media that are still processing or failed.
  const adminAnswer = await adminJson(req.payload, await requestScope(req), key, ({ media }) =>
    filterByType(sortSectionMedia(media.filter((file) => file.section === section)), type),
  )
  return { ...adminAnswer, key, audience: 'admin' }
}

const sectionReads: PreparedRead[] = [
  { path: '/sections', answer: sectionsAnswer },
  { path: '/sections/:sectionId/preview', answer: previewAnswer },
  { path: '/sections/:sectionId/media', answer: sectionMediaAnswer },
]

/** 'all' and 'hidden' are filters, not sections: nothing can be placed or ordered in them. */
function realSectionId(req: PayloadRequest, refusal: string): string {
  const { sectionId } = parseParams(req, sectionParamsSchema)
  if (sectionId === ALL_SECTIONS_ID || sectionId === HIDDEN_SECTION_ID) throw badRequest(refusal)
  return sectionId
}

export const sectionsEndpoints = [
  ...preparedEndpoints(sectionReads),

  endpoint('post', '/sections/:sectionId/bulk-assign', 'place', async (req) => {
    const sectionId = realSectionId(req, 'Please select a section before assigning photos.')
    const { mediaIds, room } = await parseBody(req, bulkAssignSchema)
    return Response.json(await bulkAssign(req, sectionId, { mediaIds, room }))
  }),

  endpoint('put', '/sections/:sectionId/reorder', 'reorder', async (req) => {
    const sectionId = realSectionId(req, 'Please select a specific section to reorder photos.')
    const { mediaIds } = await parseBody(req, reorderSchema)
    return Response.json(await reorderSection(req, sectionId, mediaIds))
  }),
]
