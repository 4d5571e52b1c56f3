// Section read API of spec §7: GET /api/sections, /api/sections/{id}/preview,
// /api/sections/{section}/media.
import type { PayloadRequest } from 'payload'
import { publicJson, sectionList, type PublicSnapshot } from '../media-public/read-model'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID } from '../src/lib/constants'
import { filterByType } from '../src/lib/media-filters'
import { sectionMediaQuerySchema, sectionParamsSchema } from '../src/lib/schemas/media'
import { sortSectionMedia } from '../src/lib/media-order'
import { adminJson } from '../src/server/media/catalog'
import { cachedJson } from '../src/server/http/cached-json'
import { endpoint, parseParams, parseQuery } from '../src/server/http/endpoint'
import { notFound, unauthorized } from '../src/server/http/errors'

const PREVIEW_SIZE = 4

function assertSection(snapshot: PublicSnapshot, id: string) {
  if (id === ALL_SECTIONS_ID || id === HIDDEN_SECTION_ID) return
  if (!snapshot.sections.some((section) => section.id === id)) throw notFound(`Section "${id}" was not found.`)
}

async function sectionMediaHandler(req: PayloadRequest) {
  const { sectionId: section } = parseParams(req, sectionParamsSchema)
  const { type, includeHidden } = parseQuery(req, sectionMediaQuerySchema)
  const key = `section-media:${section}:${type ?? ''}`

  if (section === HIDDEN_SECTION_ID && includeHidden === 'true') {
    if (!req.user) throw unauthorized('Sign in to see hidden media.')
    const answer = await adminJson(req.payload, key, ({ media }) =>
      filterByType(
        media.filter((file) => file.isHidden === 'true'),
        type,
      ),
    )
    return cachedJson(req, { ...answer, key, audience: 'admin' })
  }

  const answer = await publicJson(req.payload, key, (snapshot) => {
    assertSection(snapshot, section)
    if (section === HIDDEN_SECTION_ID) return []
    const files = section === ALL_SECTIONS_ID ? snapshot.media : (snapshot.bySection.get(section) ?? [])
    return filterByType(files, type)
  })
  if (!req.user || section === ALL_SECTIONS_ID) return cachedJson(req, { ...answer, key, audience: 'public' })

  // The manager also sees the section's media that are still processing or failed.
  const adminAnswer = await adminJson(req.payload, key, ({ media }) =>
    filterByType(sortSectionMedia(media.filter((file) => file.section === section)), type),
  )
  return cachedJson(req, { ...adminAnswer, key, audience: 'admin' })
}

export const listSections = endpoint('get', '/sections', async (req) => {
  const answer = await publicJson(req.payload, 'sections', sectionList)
  return cachedJson(req, { ...answer, key: 'sections', audience: 'public' })
})

export const sectionPreview = endpoint('get', '/sections/:sectionId/preview', async (req) => {
  const { sectionId: id } = parseParams(req, sectionParamsSchema)
  const key = `preview:${id}`
  const answer = await publicJson(req.payload, key, (snapshot) => {
    const files = snapshot.bySection.get(id)
    if (!files) throw notFound(`Section "${id}" was not found.`)
    return {
      previewFiles: files.filter((file) => file.fileType === 'image').slice(0, PREVIEW_SIZE),
      totalCount: files.length,
    }
  })
  return cachedJson(req, { ...answer, key, audience: 'public' })
})

export const sectionMedia = endpoint('get', '/sections/:sectionId/media', sectionMediaHandler)

export const sectionsEndpoints = [listSections, sectionPreview, sectionMedia]
